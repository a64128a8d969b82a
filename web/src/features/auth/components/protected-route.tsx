import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';

/**
 * SPEC 2.2: while the sign-in state is unknown nothing is rendered (the layout shows the
 * progress bar); a confirmed signed-out visitor goes to /auth and comes back afterwards.
 * Someone who just chose Sign Out is not asked to sign in again: they go home.
 */
export function ProtectedRoute() {
  const { status, signedOutByUser } = useAuth();
  const location = useLocation();
  if (status === 'unknown') return null;
  if (status === 'signed-out') {
    if (signedOutByUser) return <Navigate to={paths.home} replace />;
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.auth} replace state={{ from }} />;
  }
  return <Outlet />;
}
