import { queryOptions, useQuery } from '@tanstack/react-query';
import { CHECKOUT_POLL_MS, CHECKOUT_SLOW_AFTER_MS, CHECKOUT_SLOW_POLL_MS } from '@/features/credits/lib/purchase-status';
import { api, ApiError } from '@/lib/api-client';
import type { CheckoutSessionStatus } from '@/types/checkout';

export type { CheckoutSessionStatus } from '@/types/checkout';

export function getCheckoutSession(sessionId: string): Promise<CheckoutSessionStatus> {
  return api.get<CheckoutSessionStatus>(`/api/checkout-session/${encodeURIComponent(sessionId)}`, {
    timeoutMs: 8_000,
  });
}

/** Final once the credits are in, or the payment failed or expired: polling then stops. */
export function isFinalCheckout(session: CheckoutSessionStatus | undefined): boolean {
  return Boolean(session && (session.credits_applied || session.status === 'failed' || session.status === 'expired'));
}

export function checkoutSessionQueryOptions(sessionId: string, startedAt: number) {
  return queryOptions({
    queryKey: ['checkout-session', sessionId],
    queryFn: () => getCheckoutSession(sessionId),
    // The webhook usually lands within a second; slow down after a minute, never give up.
    refetchInterval: (query) => {
      if (isFinalCheckout(query.state.data)) return false;
      if (query.state.error && query.state.data === undefined && query.state.errorUpdateCount >= 3) return false;
      return Date.now() - startedAt < CHECKOUT_SLOW_AFTER_MS ? CHECKOUT_POLL_MS : CHECKOUT_SLOW_POLL_MS;
    },
    // Someone else's or an unknown session answers 404: asking again will not change that.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 404) && failureCount < 1,
    staleTime: 0,
  });
}

export function useCheckoutSession(sessionId: string | null, startedAt: number) {
  return useQuery({ ...checkoutSessionQueryOptions(sessionId ?? '', startedAt), enabled: Boolean(sessionId) });
}
