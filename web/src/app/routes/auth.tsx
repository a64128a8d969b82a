import { Navigate, useLocation, useSearchParams } from 'react-router';
import { paths, type AuthMode } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { LoginScreen } from '@/features/auth/components/login-screen';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { safeReturnPath } from '@/features/auth/lib/return-path';

export function AuthRoute() {
  const [params] = useSearchParams();
  const location = useLocation();
  const { status } = useAuth();
  const mode: AuthMode = params.get('mode') === 'signup' ? 'signup' : 'signin';
  useDocumentTitle(mode === 'signup' ? 'Sign up' : 'Log in');
  const from = safeReturnPath((location.state as { from?: unknown } | null)?.from, paths.library);
  const returnTo = from.startsWith(paths.auth) ? paths.library : from;

  if (status === 'signed-in') return <Navigate to={returnTo} replace />;
  return <LoginScreen mode={mode} returnTo={returnTo} />;
}
