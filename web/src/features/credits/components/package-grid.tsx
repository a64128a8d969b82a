import { useSearchParams } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { useCheckout } from '@/features/credits/api/create-checkout-session';
import { useCreditPackages } from '@/features/credits/api/get-credit-packages';
import { formatPrice } from '@/features/credits/lib/credit-rules';
import type { CreditPackage } from '@/types/api';
import './package-grid.css';

const badges: Record<string, string> = { pro: 'Most popular', unlimited: 'Best value' };

function perCredit(pkg: CreditPackage): string {
  return `${formatPrice(Math.round(pkg.price / pkg.credits), pkg.currency)} per credit`;
}

export function PackageGrid({ userId }: { userId: string | null }) {
  const packagesQuery = useCreditPackages();
  const checkout = useCheckout(userId);
  // The checkout's cancel address brings the buyer back here with ?checkout=cancelled.
  const [params] = useSearchParams();
  const cancelled = params.get('checkout') === 'cancelled';

  if (packagesQuery.isPending) {
    return (
      <div className="package-grid" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="card package-card package-card--skeleton">
            <span className="skeleton skeleton--title" />
            <span className="skeleton skeleton--amount" />
            <span className="skeleton skeleton--text" />
          </div>
        ))}
      </div>
    );
  }

  const packages = packagesQuery.data?.packages ?? [];
  const buying = checkout.isPending ? checkout.variables : null;

  return (
    <>
      {cancelled && !checkout.isPending ? (
        <div className="checkout-notice" role="status">
          <Icon name="info" className="alert__icon" />
          <p>Checkout cancelled. You were not charged; pick a package whenever you are ready.</p>
        </div>
      ) : null}
      {checkout.isError ? (
        <div className="alert alert--error" role="alert">
          <Icon name="alert" className="alert__icon" />
          <p>{checkout.error.message}</p>
        </div>
      ) : null}
      <ul className="package-grid">
        {packages.map((pkg) => {
          const badge = badges[pkg.id];
          return (
            <li key={pkg.id} className={`card package-card${badge ? ' package-card--featured' : ''}`}>
              {badge ? <span className="package-card__badge">{badge}</span> : null}
              <h3 className="package-card__name">{pkg.name}</h3>
              <p className="package-card__credits">
                <Icon name="zap" className="icon--credit" /> {pkg.credits} credits
              </p>
              {/* The price and its per-credit cost are one statement, not a heading and its paragraph. */}
              <p className="package-card__pricing">
                <span className="package-card__price">{formatPrice(pkg.price, pkg.currency)}</span>
                <span className="package-card__unit">{perCredit(pkg)}</span>
              </p>
              <button
                type="button"
                className={`btn btn--block ${badge === 'Most popular' ? 'btn--primary' : 'btn--secondary'}`}
                onClick={() => checkout.mutate(pkg.id)}
                disabled={checkout.isPending}
                aria-busy={buying === pkg.id}
              >
                {buying === pkg.id ? 'Opening checkout…' : `Buy ${pkg.name}`}
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
