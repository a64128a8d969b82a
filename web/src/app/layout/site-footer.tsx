import { Link } from 'react-router';
import { LogoMark } from '@/components/ui/logo';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';

export function SiteFooter() {
  // Signed out, the library is the public catalogue on the landing page (the own one needs a sign-in).
  const signedIn = useAuth().status === 'signed-in';
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <LogoMark size={22} />
          <span>Lectern</span>
          <span className="site-footer__tagline">Learn anything, one clear video at a time.</span>
        </div>
        <nav aria-label="Footer" className="site-footer__links">
          {signedIn ? <Link to={paths.library}>Library</Link> : <Link to={`${paths.home}#explore`}>Explore</Link>}
          <Link to={paths.create}>Create</Link>
          <Link to={paths.pricing}>Pricing</Link>
        </nav>
        <p className="site-footer__copy">© {new Date().getFullYear()} Lectern</p>
      </div>
    </footer>
  );
}
