import { describe, expect, it } from 'vitest';
import type { CheckoutSessionStatus } from '@/features/credits/api/get-checkout-session';
import { isFinalCheckout } from '@/features/credits/api/get-checkout-session';
import { CHECKOUT_SLOW_AFTER_MS, creditsAddedMessage, purchasePhase } from '@/features/credits/lib/purchase-status';

const base = { session_id: 'cs_1', status: 'open', payment_status: 'unpaid', credits_applied: false } as CheckoutSessionStatus;

describe('purchase status', () => {
  it('is confirming until the credits are applied, and says so when it takes long', () => {
    expect(purchasePhase(undefined, 0)).toBe('confirming');
    expect(purchasePhase(base, 1_000)).toBe('confirming');
    expect(purchasePhase({ ...base, status: 'complete' }, CHECKOUT_SLOW_AFTER_MS)).toBe('slow');
    expect(purchasePhase({ ...base, status: 'complete', credits_applied: true }, CHECKOUT_SLOW_AFTER_MS)).toBe('applied');
  });

  it('knows a failed or expired checkout, and stops polling on every final state', () => {
    expect(purchasePhase({ ...base, status: 'failed' }, 0)).toBe('failed');
    expect(purchasePhase({ ...base, status: 'expired' }, 0)).toBe('expired');
    expect(isFinalCheckout(base)).toBe(false);
    expect(isFinalCheckout({ ...base, status: 'complete' })).toBe(false);
    expect(isFinalCheckout({ ...base, credits_applied: true })).toBe(true);
    expect(isFinalCheckout({ ...base, status: 'failed' })).toBe(true);
    expect(isFinalCheckout({ ...base, status: 'expired' })).toBe(true);
  });

  it('counts credits in words', () => {
    expect(creditsAddedMessage(25)).toBe('25 credits have been added to your account.');
    expect(creditsAddedMessage(1)).toBe('1 credit has been added to your account.');
  });
});
