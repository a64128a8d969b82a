import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/types/openapi';

export const HEALTH_POLL_MS = 30_000;

/** The app only asks whether the server answers; what it says stays unread. */
export function getHealth(): Promise<components['schemas']['Health']> {
  return api.get<components['schemas']['Health']>('/health', { auth: false, timeoutMs: 5_000 });
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
