import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { formatCreditCount } from '@/features/credits/lib/credit-rules';
import type { CreditBalance } from '@/features/credits/hooks/use-credit-balance';

export function CreditBalancePill({ balance }: { balance: CreditBalance }) {
  if (balance.loading) {
    return (
      // A span has no role to carry an aria-label (axe's aria-prohibited-attr): the words are text.
      <span className="credit-pill credit-pill--loading">
        <Icon name="zap" className="icon--credit" />
        <span className="skeleton skeleton--text" />
        <span className="visually-hidden">Loading credit balance</span>
      </span>
    );
  }
  const tone = balance.isOut ? 'out' : balance.isLow ? 'low' : 'ok';
  return (
    <Link
      to={paths.credits}
      className={`credit-pill credit-pill--${tone}`}
      title={balance.error ?? balance.message}
      data-testid="credit-balance"
    >
      <Icon name="zap" className="icon--credit" />
      <span>{formatCreditCount(balance.credits.available)}</span>
      {balance.error ? <Icon name="alert" className="credit-pill__warn" title={balance.error} /> : null}
    </Link>
  );
}
