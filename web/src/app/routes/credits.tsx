import { PageHeader } from '@/components/ui/page-header';
import { Icon } from '@/components/ui/icon';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { BalanceCard } from '@/features/credits/components/balance-card';
import { PackageGrid } from '@/features/credits/components/package-grid';
import { useCreditBalance } from '@/features/credits/hooks/use-credit-balance';

export function CreditsRoute() {
  useDocumentTitle('Credits');
  const { user } = useAuth();
  const balance = useCreditBalance(user?.uid);
  return (
    <div className="container page">
      <PageHeader title="Credits" description="Credits pay for the videos Lectern makes. They never expire." />
      <BalanceCard balance={balance} />
      <section className="section-block" aria-labelledby="packages-title">
        <h2 id="packages-title" className="section-block__title">
          Top up your credits
        </h2>
        <p className="section-block__lead">
          An explainer video or a problem solution costs 1 credit (2 for videos of 10 minutes or more); a course plan
          costs 3, and its lesson videos are included.
        </p>
        <PackageGrid userId={user?.uid ?? null} />
        <p className="section-block__note">
          <Icon name="shield" /> Payments are handled by our card payment provider on a secure checkout page.
        </p>
      </section>
    </div>
  );
}
