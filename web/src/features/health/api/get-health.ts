import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const HEALTH_POLL_MS = 30_000;

export function getHealth(): Promise<unknown> {
  return api.get<unknown>('/health', { auth: false, timeoutMs: 5_000 });
}

/** SPEC 7: /health is polled every 30 s. */
export function healthQueryOptions() {
  return queryOptions({
    queryKey: ['health'],
    queryFn: getHealth,
    refetchInterval: HEALTH_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: 0,
  });
}

export function useServerHealth() {
  return useQuery(healthQueryOptions());
}
