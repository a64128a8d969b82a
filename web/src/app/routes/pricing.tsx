import { authPath, paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { PricingPage } from '@/features/credits/components/pricing-page';

/** /pricing: what things cost and the credit packages, for anyone (issue 54). */
export function PricingRoute() {
  useDocumentTitle('Pricing');
  const { status } = useAuth();
  return <PricingPage signedIn={status === 'signed-in'} signUpPath={authPath('signup')} buyPath={paths.credits} />;
}
