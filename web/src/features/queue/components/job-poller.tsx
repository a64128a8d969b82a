import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { jobStatusQueryOptions } from '@/lib/job-status';
import { isFinalServerStatus } from '@/features/queue/lib/queue-rules';
import type { QueueStore } from '@/features/queue/lib/queue-store';

/** SPEC 9: ask every 2 s while queued or processing, and 4 s after a failed request. */
export const POLL_INTERVAL_MS = 2_000;
export const POLL_ERROR_INTERVAL_MS = 4_000;

/** Polls one job's status and folds every answer into the queue; renders nothing. */
export function JobPoller({ jobId, store }: { jobId: string; store: QueueStore }) {
  const { data, error } = useQuery({
    ...jobStatusQueryOptions(jobId),
    retry: false,
    refetchIntervalInBackground: true,
    refetchInterval: (query) => {
      if (query.state.status === 'error') return POLL_ERROR_INTERVAL_MS;
      const status = query.state.data?.status;
      return status !== undefined && isFinalServerStatus(status) ? false : POLL_INTERVAL_MS;
    },
  });

  useEffect(() => {
    if (data) store.applyStatus(jobId, data);
  }, [data, jobId, store]);

  useEffect(() => {
    if (error) console.warn(`Polling job ${jobId} failed; retrying in ${POLL_ERROR_INTERVAL_MS / 1000} s`, error);
  }, [error, jobId]);

  return null;
}
