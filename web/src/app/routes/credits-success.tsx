import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { creditsQueryKey } from '@/features/credits/api/get-credits';
import { BalanceCard } from '@/features/credits/components/balance-card';
import { PurchaseConfirmation, PurchaseDoneLinks } from '@/features/credits/components/purchase-confirmation';
import { useCreditBalance } from '@/features/credits/hooks/use-credit-balance';

/**
 * The post-purchase confirmation, reached as /credits/success and as /purchase-success.
 * With the checkout's `session_id` it waits until the purchase has been applied.
 */
export function CreditsSuccessRoute() {
  useDocumentTitle('Purchase complete');
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const uid = user?.uid;
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');

  // SPEC 2.1: this screen refreshes the credit balance.
  useEffect(() => {
    if (uid) void queryClient.invalidateQueries({ queryKey: creditsQueryKey(uid) });
  }, [queryClient, uid]);

  const balance = useCreditBalance(uid);
  return (
    <div className="container page page--narrow">
      {sessionId ? (
        <PurchaseConfirmation sessionId={sessionId} userId={uid} />
      ) : (
        <section className="card success-card" aria-labelledby="success-title">
          <span className="icon-tile icon-tile--inline result-icon">
            <Icon name="check-circle" />
          </span>
          <h1 id="success-title">Thank you for your purchase!</h1>
          <p>Your credits are added as soon as the payment is confirmed, usually within a few seconds.</p>
          <div className="card-actions">
            <PurchaseDoneLinks />
          </div>
        </section>
      )}
      <BalanceCard balance={balance} />
    </div>
  );
}
