import { Link } from 'react-router';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <LogoMark size={22} />
          <span>Lectern</span>
          <span className="site-footer__tagline">Learn anything, one clear video at a time.</span>
        </div>
        <nav aria-label="Footer" className="site-footer__links">
          <Link to={paths.library}>Library</Link>
          <Link to={paths.create}>Create</Link>
          <Link to={paths.credits}>Pricing</Link>
        </nav>
        <p className="site-footer__copy">© {new Date().getFullYear()} Lectern</p>
      </div>
    </footer>
  );
}
