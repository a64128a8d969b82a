import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { LandingPage } from '@/features/landing/components/landing-page';

export function LandingRoute() {
  useDocumentTitle('');
  const { status } = useAuth();
  return <LandingPage signedIn={status === 'signed-in'} />;
}
