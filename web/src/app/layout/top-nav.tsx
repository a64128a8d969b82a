import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { LogoMark } from '@/components/ui/logo';
import { authPath, paths, sectionLabel, sectionOf, type Section } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { CreditBalancePill } from '@/features/credits/components/credit-balance-pill';
import { useCreditBalance } from '@/features/credits/hooks/use-credit-balance';
import { SearchBox } from '@/app/layout/search-box';
import { UserMenu } from '@/app/layout/user-menu';
import { PreloadLink } from '@/app/preload/preload-link';

const links: { section: Section; to: string; label: string }[] = [
  { section: 'home', to: paths.home, label: 'Home' },
  { section: 'library', to: paths.library, label: 'Library' },
  { section: 'create', to: paths.create, label: 'Create' },
  // Issue 50: the learner's own documents, which a video can be written from.
  { section: 'sources', to: paths.sources, label: 'Sources' },
  { section: 'credits', to: paths.credits, label: 'Credits' },
];

/** `queueToggle`: the AI Generation Queue's button, docked here so it never covers a page. */
export function TopNav({ queueToggle }: { queueToggle?: ReactNode } = {}) {
  const { status, user, signOut } = useAuth();
  const balance = useCreditBalance(user?.uid);
  const location = useLocation();
  const navigate = useNavigate();
  const section = sectionOf(location.pathname);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  const handleSignOut = async () => {
    if (await signOut()) navigate(paths.home);
  };

  return (
    <header className="topnav">
      <div className="container topnav__inner">
        <Link to={paths.home} className="brand" aria-label="Lectern home">
          <LogoMark />
          <span className="brand__name">Lectern</span>
        </Link>
        {section && section !== 'home' ? (
          <span className="topnav__current" aria-hidden="true">
            {sectionLabel(section)}
          </span>
        ) : null}

        <nav id="primary-navigation" aria-label="Main" className={`topnav__nav${menuOpen ? ' is-open' : ''}`}>
          <ul className="topnav__links">
            {links.map((link) => (
              <li key={link.section}>
                <PreloadLink
                  to={link.to}
                  className="topnav__link"
                  aria-current={section === link.section ? 'page' : undefined}
                >
                  {link.label}
                </PreloadLink>
              </li>
            ))}
          </ul>
          <SearchBox onSearched={() => setMenuOpen(false)} />
        </nav>

        <div className="topnav__account">
          {status === 'unknown' ? <span className="skeleton skeleton--pill" aria-hidden="true" /> : null}
          {status === 'signed-out' ? (
            <>
              <Link to={authPath('signin')} className="btn btn--ghost btn--sm">
                Log In
              </Link>
              <Link to={authPath('signup')} className="btn btn--primary btn--sm">
                Sign Up
              </Link>
            </>
          ) : null}
          {status === 'signed-in' && user ? (
            <>
              {queueToggle}
              <CreditBalancePill balance={balance} />
              {balance.isOut ? (
                <Link to={paths.credits} className="btn btn--accent btn--sm topnav__buy">
                  Buy Credits
                </Link>
              ) : null}
              <UserMenu
                user={user}
                credits={balance.loading ? null : balance.credits.available}
                onSignOut={() => void handleSignOut()}
              />
            </>
          ) : null}
        </div>

        <button
          type="button"
          className="topnav__toggle"
          aria-expanded={menuOpen}
          aria-controls="primary-navigation"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((v) => !v)}
        >
          <Icon name={menuOpen ? 'x' : 'menu'} />
        </button>
      </div>
    </header>
  );
}
