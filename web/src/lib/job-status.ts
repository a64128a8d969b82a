import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/types/openapi';

/**
 * GET /api/job/{id}/status (`JobStatus` in the API's document). Media URLs are relative, carry
 * a short-lived `?t=` token, and are null until completed. Kind and status are read as any
 * string: SPEC 4.1 maps a status it does not know to processing.
 */
export type JobStatus = Omit<components['schemas']['JobStatus'], 'kind' | 'status'> & { kind: string; status: string };

export function getJobStatus(jobId: string, signal?: AbortSignal): Promise<JobStatus> {
  return api.get<JobStatus>(`/api/job/${encodeURIComponent(jobId)}/status`, { signal });
}

export const jobStatusQueryKey = (jobId: string) => ['job-status', jobId] as const;

/** The queue polls through these; the problem form reads the finished solution from the same cache entry. */
export function jobStatusQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: jobStatusQueryKey(jobId),
    queryFn: ({ signal }) => getJobStatus(jobId, signal),
    staleTime: 0,
    gcTime: 60_000,
  });
}
