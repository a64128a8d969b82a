import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FactList } from '@/components/ui/fact-list';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { useCheckoutSession, type CheckoutSessionStatus } from '@/features/credits/api/get-checkout-session';
import { creditsQueryKey } from '@/features/credits/api/get-credits';
import { formatPrice } from '@/features/credits/lib/credit-rules';
import {
  CHECKOUT_SLOW_AFTER_MS,
  creditsAddedMessage,
  PURCHASE_MESSAGES,
  purchasePhase,
} from '@/features/credits/lib/purchase-status';
import { ApiError } from '@/lib/api-client';
import './purchase-confirmation.css';

/**
 * The confirmation after checkout: waits until the payment provider's webhook has put the
 * credits on the account, then refreshes the balance everywhere it is shown.
 */
export function PurchaseConfirmation({ sessionId, userId }: { sessionId: string; userId: string | undefined }) {
  const [startedAt] = useState(() => Date.now());
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), CHECKOUT_SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  const query = useCheckoutSession(sessionId, startedAt);
  const session = query.data;
  const phase = purchasePhase(session, slow ? CHECKOUT_SLOW_AFTER_MS : 0);

  const queryClient = useQueryClient();
  const applied = phase === 'applied';
  useEffect(() => {
    if (applied && userId) void queryClient.invalidateQueries({ queryKey: creditsQueryKey(userId) });
  }, [applied, userId, queryClient]);

  if (query.isError && !session) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <StatusCard
        tone="error"
        title={notFound ? PURCHASE_MESSAGES.notFound.title : 'We could not check this purchase'}
        text={notFound ? PURCHASE_MESSAGES.notFound.text : query.error.message}
      >
        {notFound ? null : (
          <button type="button" className="btn btn--secondary btn--lg" onClick={() => void query.refetch()}>
            <Icon name="refresh" /> Try again
          </button>
        )}
        <Link to={paths.credits} className="btn btn--primary btn--lg">
          Go to credits
        </Link>
      </StatusCard>
    );
  }

  if (phase === 'applied' && session) {
    return (
      <StatusCard tone="success" title={PURCHASE_MESSAGES.applied.title} text={creditsAddedMessage(session.credits)} session={session}>
        <PurchaseDoneLinks />
      </StatusCard>
    );
  }

  if (phase === 'failed' || phase === 'expired') {
    const message = PURCHASE_MESSAGES[phase];
    return (
      <StatusCard tone="error" title={message.title} text={message.text} session={session}>
        <Link to={paths.credits} className="btn btn--primary btn--lg">
          Back to credits
        </Link>
      </StatusCard>
    );
  }

  const message = PURCHASE_MESSAGES[phase];
  return (
    <StatusCard tone="pending" title={message.title} text={message.text} session={session}>
      {phase === 'slow' ? (
        <Link to={paths.credits} className="btn btn--secondary btn--lg">
          Back to credits
        </Link>
      ) : null}
    </StatusCard>
  );
}

/** Where to go once the credits are in: on to creating, or back to the credits screen. */
export function PurchaseDoneLinks() {
  return (
    <>
      <Link to={paths.create} className="btn btn--primary btn--lg">
        Start creating <Icon name="arrow-right" />
      </Link>
      <Link to={paths.credits} className="btn btn--secondary btn--lg">
        Back to credits
      </Link>
    </>
  );
}

type Tone = 'pending' | 'success' | 'error';

function StatusCard({
  tone,
  title,
  text,
  session,
  children,
}: {
  tone: Tone;
  title: string;
  text: string;
  session?: CheckoutSessionStatus;
  children?: ReactNode;
}) {
  return (
    <section
      className={`card purchase-card purchase-card--${tone}`}
      aria-labelledby="purchase-title"
      aria-busy={tone === 'pending'}
      data-testid="purchase-confirmation"
      data-phase={tone}
    >
      <span className="icon-tile icon-tile--inline result-icon" aria-hidden="true">
        {tone === 'pending' ? <span className="purchase-card__spinner" /> : <Icon name={tone === 'success' ? 'check-circle' : 'alert'} />}
      </span>
      <h1 id="purchase-title">{title}</h1>
      <p className="purchase-card__text" role={tone === 'error' ? 'alert' : 'status'}>
        {text}
      </p>
      {session ? <OrderSummary session={session} /> : null}
      {children ? <div className="card-actions">{children}</div> : null}
    </section>
  );
}

function OrderSummary({ session }: { session: CheckoutSessionStatus }) {
  const name = session.package?.name ?? 'Credit package';
  return (
    <FactList
      className="order-summary"
      label="Order summary"
      facts={[
        { term: 'Package', value: name },
        { term: 'Credits', value: session.credits },
        { term: session.credits_applied ? 'Paid' : 'Amount', value: formatPrice(session.amount, session.currency) },
        {
          term: 'Reference',
          value: session.session_id.slice(-10).toUpperCase(),
          valueClassName: 'order-summary__ref',
          valueTitle: session.session_id,
        },
      ]}
    />
  );
}
