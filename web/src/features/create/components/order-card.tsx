import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon, type IconName } from '@/components/ui/icon';

export const creditWord = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

export type OrderFeature = { icon: IconName; text: string };

type OrderCardProps = {
  /** What the order makes ("video", "solution", "course"): the card's title, the cost line's test id (SPEC's video-cost). */
  noun: string;
  features: OrderFeature[];
  cost: number;
  /** The balance as the credits feature reports it; null while it is loading. */
  availableCredits: number | null;
  /** The balance is below the cost: say so in `shortMessage` and offer Buy Credits. */
  short: boolean;
  shortMessage: string;
  buyCreditsPath: string;
  submitting: boolean;
  submitLabel: string;
  /** Said under the button; by default that the credits come back if the job fails or is cancelled. */
  note?: string;
  /** Who writes the job and what that yields (WriterNotice), shown before the cost. */
  writerNotice?: ReactNode;
  /** Shown under the submit button (the video's free storyboard preview). */
  secondaryAction?: ReactNode;
};

/** What the create form knows of the order (useCreateForm's `order`): the cost, the balance and the send. */
export type OrderState = Pick<OrderCardProps, 'cost' | 'availableCredits' | 'short' | 'buyCreditsPath' | 'submitting'>;

/** What the order card says of its form's order: the rest of its props. */
export type OrderText = Omit<OrderCardProps, keyof OrderState>;

/** The summary beside a create form: what the job makes, its cost against the balance, and the submit button. */
export function OrderCard({
  noun,
  features,
  cost,
  availableCredits,
  short,
  shortMessage,
  buyCreditsPath,
  submitting,
  submitLabel,
  note = `Credits are refunded automatically if the ${noun} fails or you cancel it.`,
  writerNotice,
  secondaryAction,
}: OrderCardProps) {
  const titleId = useId();
  return (
    <aside className="card order-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="order-card__title">
        Your {noun}
      </h2>
      <ul className="order-card__features">
        {features.map((feature) => (
          <li key={feature.icon}>
            <Icon name={feature.icon} /> {feature.text}
          </li>
        ))}
      </ul>
      {writerNotice}
      <dl className="order-card__totals">
        <div>
          <dt>Cost</dt>
          <dd data-testid={`${noun}-cost`}>
            <Icon name="zap" className="icon--credit" /> {creditWord(cost)}
          </dd>
        </div>
        <div>
          <dt>Your balance</dt>
          <dd>{availableCredits === null ? '…' : creditWord(availableCredits)}</dd>
        </div>
      </dl>
      {short ? (
        <div className="order-card__short" role="alert">
          <p>{shortMessage}</p>
          <Link to={buyCreditsPath} className="btn btn--accent btn--sm">
            Buy Credits
          </Link>
        </div>
      ) : null}
      <button
        type="submit"
        className="btn btn--primary btn--lg btn--block"
        disabled={short || submitting || availableCredits === null}
      >
        {submitting ? (
          <>
            <span className="spinner" aria-hidden="true" /> Starting…
          </>
        ) : (
          <>
            <Icon name="sparkles" /> {submitLabel}
          </>
        )}
      </button>
      {secondaryAction}
      <p className="order-card__note">{note}</p>
    </aside>
  );
}
