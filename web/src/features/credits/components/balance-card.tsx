import { Icon } from '@/components/ui/icon';
import type { CreditBalance } from '@/features/credits/hooks/use-credit-balance';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function BalanceCard({ balance }: { balance: CreditBalance }) {
  const { credits, loading, error, isOut, isLow } = balance;
  const tone = isOut ? 'out' : isLow ? 'low' : 'ok';
  return (
    <section className={`card balance-card balance-card--${loading ? 'loading' : tone}`} aria-labelledby="balance-title" aria-busy={loading}>
      <div className="balance-card__main">
        <h2 id="balance-title" className="balance-card__label">
          Your balance
        </h2>
        {/* The amount is a figure under the heading, not a paragraph: a big bold <p> reads as a
            heading made of a paragraph (axe's p-as-heading). */}
        {loading ? (
          <div className="balance-card__amount">
            <span className="skeleton skeleton--amount" />
            <span className="visually-hidden">Loading your credits…</span>
          </div>
        ) : (
          <div className="balance-card__amount">
            <Icon name="zap" className="icon--credit balance-card__icon" />
            <span data-testid="credits-available">{credits.available}</span>
            <span className="balance-card__unit">{credits.available === 1 ? 'credit' : 'credits'}</span>
          </div>
        )}
        {!loading && !error ? (
          <p className="balance-card__message" role="status">
            {balance.message}
          </p>
        ) : null}
        {error ? (
          <div className="alert alert--error" role="alert">
            <Icon name="alert" className="alert__icon" />
            <p>{error}</p>
            <button type="button" className="btn btn--ghost btn--sm" onClick={balance.refetch}>
              Try again
            </button>
          </div>
        ) : null}
      </div>
      <dl className="balance-card__stats">
        <div>
          <dt>Purchased</dt>
          <dd>{loading ? '—' : credits.total_purchased}</dd>
        </div>
        <div>
          <dt>Used</dt>
          <dd>{loading ? '—' : credits.total_used}</dd>
        </div>
        <div>
          <dt>Last purchase</dt>
          <dd>{loading ? '—' : credits.last_purchase ? dateFormat.format(new Date(credits.last_purchase)) : 'Never'}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd className="capitalize">{loading ? '—' : credits.subscription_status}</dd>
        </div>
      </dl>
    </section>
  );
}
