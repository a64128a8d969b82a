import { queryOptions } from '@tanstack/react-query';
import { CREDITS_FETCH_TIMEOUT_MS } from '@/config/constants';
import { api, NetworkError } from '@/lib/api-client';
import type { Credits } from '@/types/api';
import type { components } from '@/types/openapi';

export function getCredits(userId: string): Promise<Credits> {
  return api
    .get<components['schemas']['BalanceResponse']>(`/api/auth/user/${encodeURIComponent(userId)}/credits`, {
      timeoutMs: CREDITS_FETCH_TIMEOUT_MS,
    })
    .then((res) => res.credits);
}

export const creditsQueryKey = (userId: string) => ['credits', userId] as const;

export function creditsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: creditsQueryKey(userId),
    queryFn: () => getCredits(userId),
    // Only a dropped connection is worth one more try; a timeout already waited 8 s.
    retry: (failureCount, error) => error instanceof NetworkError && failureCount < 1,
    staleTime: 30_000,
  });
}
