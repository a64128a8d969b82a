import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { jobStatusQueryKey, getJobStatus, type JobStatus } from '@/lib/job-status';
import type { DryRunResult } from '@/features/editor/api/contract';

const FINAL = new Set(['completed', 'failed', 'cancelled']);
export const DRY_RUN_POLL_MS = 2_000;
export const DRY_RUN_ERROR_POLL_MS = 4_000;

/**
 * The dry run's job status (GET /api/job/{id}/status), asked every 2 s until the job has ended
 * (SPEC 9's queue pace), again 4 s after a failed request, and not again after a 4xx answer.
 */
export function dryRunQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: jobStatusQueryKey(jobId),
    queryFn: ({ signal }) => getJobStatus(jobId, signal),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => {
      const { error } = query.state;
      if (error) return error instanceof ApiError && error.status < 500 ? false : DRY_RUN_ERROR_POLL_MS;
      const status = query.state.data?.status;
      return status !== undefined && FINAL.has(status) ? false : DRY_RUN_POLL_MS;
    },
  });
}

/** A completed dry run's plan, or null when the job's result is not one (a rendered video's, say). */
export function dryRunResult(status: Pick<JobStatus, 'result'> | undefined): DryRunResult | null {
  const result = status?.result as Partial<DryRunResult> | null | undefined;
  if (!result || result.dry_run !== true) return null;
  const storyboard = result.storyboard;
  if (!storyboard || typeof storyboard !== 'object' || !Array.isArray(storyboard.scenes)) return null;
  return result as DryRunResult;
}
