import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, TimeoutError } from '@/lib/api-client';
import {
  balanceMessage,
  CreditsLoadTimeoutError,
  creditsErrorMessage,
  EMPTY_CREDITS,
  formatPrice,
  hasEnoughCredits,
  isLowBalance,
  isOutOfCredits,
} from '@/features/credits/lib/credit-rules';

const withAvailable = (available: number) => ({ ...EMPTY_CREDITS, available });

describe('balance messages (SPEC 8)', () => {
  it.each([
    [0, "You're out of credits! Purchase more to continue creating videos."],
    [1, 'You have 1 credit remaining.'],
    [2, 'You have 2 credits remaining.'],
    [3, 'You have 3 credits available.'],
    [10, 'You have 10 credits available.'],
  ])('%i available', (available, message) => {
    expect(balanceMessage(available)).toBe(message);
  });
});

describe('balance rules (SPEC 4.4, 5, 9)', () => {
  it('is low at 2 or less and out at exactly 0', () => {
    expect(isLowBalance(withAvailable(2))).toBe(true);
    expect(isLowBalance(withAvailable(3))).toBe(false);
    expect(isOutOfCredits(withAvailable(0))).toBe(true);
    expect(isOutOfCredits(withAvailable(1))).toBe(false);
  });

  it('checks a required amount, 1 by default', () => {
    expect(hasEnoughCredits(withAvailable(1))).toBe(true);
    expect(hasEnoughCredits(withAvailable(0))).toBe(false);
    expect(hasEnoughCredits(withAvailable(2), 3)).toBe(false);
    expect(hasEnoughCredits(withAvailable(3), 3)).toBe(true);
  });

  it('starts from zeros with status free', () => {
    expect(EMPTY_CREDITS).toEqual({
      available: 0,
      total_purchased: 0,
      total_used: 0,
      last_purchase: null,
      subscription_status: 'free',
    });
  });

  it('formats minor units as a price', () => {
    expect(formatPrice(499)).toBe('$4.99');
    expect(formatPrice(1999)).toBe('$19.99');
  });
});

describe('credits error messages (SPEC 8)', () => {
  it.each([
    [new CreditsLoadTimeoutError(), 'Credits loading timed out. Please refresh the page.'],
    [new NetworkError(), 'Unable to load credits. Please check your internet connection and try refreshing the page.'],
    [new TimeoutError(8000), 'Unable to load credits. The request timed out. Please try again.'],
    [new ApiError('Unauthorized', 401, 'Unauthorized', {}), 'Unable to load credits. Authentication failed. Please sign in again.'],
    [new ApiError('User not found', 404, 'Not Found', {}), 'User not found'],
    [new Error('Something odd'), 'Something odd'],
  ])('%s', (error, message) => {
    expect(creditsErrorMessage(error)).toBe(message);
  });
});
