import type { CheckoutSessionStatus } from '@/types/checkout';

export const CHECKOUT_POLL_MS = 1_000;
export const CHECKOUT_SLOW_POLL_MS = 5_000;
/** After this long without confirmation the screen says so (and keeps checking). */
export const CHECKOUT_SLOW_AFTER_MS = 60_000;

export type PurchasePhase = 'confirming' | 'slow' | 'applied' | 'failed' | 'expired';

/** Where a purchase stands, from the server's view of its checkout and how long we waited. */
export function purchasePhase(session: CheckoutSessionStatus | undefined, waitedMs: number): PurchasePhase {
  if (session?.credits_applied) return 'applied';
  if (session?.status === 'failed') return 'failed';
  if (session?.status === 'expired') return 'expired';
  return waitedMs >= CHECKOUT_SLOW_AFTER_MS ? 'slow' : 'confirming';
}

export const PURCHASE_MESSAGES = {
  confirming: {
    title: 'Confirming your payment…',
    text: 'This usually takes a few seconds. Please keep this page open.',
  },
  slow: {
    title: 'Still confirming your payment',
    text: 'Your payment is taking longer than usual to confirm. Your credits appear automatically as soon as it is; you can safely leave this page.',
  },
  applied: {
    title: 'Payment confirmed',
    text: '',
  },
  failed: {
    title: "Your payment didn't go through",
    text: 'You were not charged and no credits were added. Please try again, perhaps with another payment method.',
  },
  expired: {
    title: 'This checkout expired',
    text: 'You were not charged. Start a new purchase whenever you are ready.',
  },
  notFound: {
    title: "We couldn't find this purchase",
    text: 'If you were charged, your credits will appear on the credits page shortly.',
  },
} as const;

export function creditsAddedMessage(credits: number): string {
  return `${credits} ${credits === 1 ? 'credit has' : 'credits have'} been added to your account.`;
}
