import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { PageHeader } from '@/components/ui/page-header';
import { useCreditPackages } from '@/features/credits/api/get-credit-packages';
import { formatPrice } from '@/features/credits/lib/credit-rules';
import { limits } from '@/types/limits';
import './pricing-page.css';

const credits = (n: number) => (n === 0 ? 'free' : `${n} ${n === 1 ? 'credit' : 'credits'}`);

/** What each thing costs, from the API's own limits (the same numbers it charges by). */
const costs: { what: string; cost: string }[] = [
  { what: `An explainer video under ${limits.credits.longVideoMinutes} minutes`, cost: credits(limits.credits.video) },
  { what: `An explainer video of ${limits.credits.longVideoMinutes} minutes or more`, cost: credits(limits.credits.longVideo) },
  { what: 'A step-by-step problem solution', cost: credits(limits.credits.problem) },
  { what: 'A course plan (its lesson videos are included)', cost: credits(limits.credits.course) },
  { what: 'A storyboard preview before you pay', cost: `free (up to ${limits.credits.freePreviewsPerHour} an hour)` },
  {
    what: 'Editing a finished video',
    cost: `free for up to ${limits.credits.freeRevisionScenes} changed scenes, then ${credits(limits.credits.revision)}`,
  },
];

type PricingPageProps = {
  signedIn: boolean;
  /** Where a visitor signs up; where a signed-in user buys. */
  signUpPath: string;
  buyPath: string;
};

/**
 * Issue 54: prices for anyone, before signing up: what each thing costs in credits and the
 * packages on sale (the server's list, as the credits page sells them).
 */
export function PricingPage({ signedIn, signUpPath, buyPath }: PricingPageProps) {
  const packages = useCreditPackages();
  return (
    <div className="container page pricing">
      <PageHeader
        title="Pricing"
        description={`Pay only for what you make, with credits that never expire. ${limits.credits.signupBonus} free credits when you sign up; no card required, no subscription.`}
      />
      <section className="section-block" aria-labelledby="pricing-costs">
        <h2 id="pricing-costs" className="section-block__title">
          What things cost
        </h2>
        <table className="pricing__table">
          <thead>
            <tr>
              <th scope="col">What you make</th>
              <th scope="col">Cost</th>
            </tr>
          </thead>
          <tbody>
            {costs.map((row) => (
              <tr key={row.what}>
                <th scope="row">{row.what}</th>
                <td>{row.cost}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="section-block__note">
          <Icon name="refresh" /> Credits come back automatically when a job fails or you cancel it.
        </p>
      </section>
      <section className="section-block" aria-labelledby="pricing-packages">
        <h2 id="pricing-packages" className="section-block__title">
          Credit packages
        </h2>
        {packages.isPending ? (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> Loading the packages…
          </p>
        ) : (
          <ul className="pricing__packages">
            {(packages.data?.packages ?? []).map((pkg) => (
              <li key={pkg.id} className="card pricing__package" data-testid="pricing-package">
                <h3 className="pricing__package-name">{pkg.name}</h3>
                <p className="pricing__package-credits">
                  <Icon name="zap" className="icon--credit" /> {pkg.credits} credits
                </p>
                {/* The price and its cost per credit are one statement, not a heading and its paragraph. */}
                <p className="pricing__package-pricing">
                  <span className="pricing__package-price">{formatPrice(pkg.price, pkg.currency)}</span>
                  <span className="pricing__package-unit">{formatPrice(Math.round(pkg.price / pkg.credits), pkg.currency)} per credit</span>
                </p>
              </li>
            ))}
          </ul>
        )}
        <Link to={signedIn ? buyPath : signUpPath} className="btn btn--primary">
          {signedIn ? 'Buy credits' : `Sign up: ${limits.credits.signupBonus} credits free`}
        </Link>
      </section>
    </div>
  );
}
