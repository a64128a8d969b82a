import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Solution } from '@/types/solution';

/** GET /api/job/{id}/status. Media URLs are relative, carry a short-lived `?t=` token, and are null until completed. */
export type JobStatus = {
  job_id: string;
  kind: string;
  /** Typed as a string: SPEC 4.1 maps any value it does not know to processing. */
  status: string;
  progress: number;
  current_step: string | null;
  title: string | null;
  smart_title: string | null;
  video_url: string | null;
  subtitle_url: string | null;
  chapters_url: string | null;
  transcript_url: string | null;
  thumbnail_url: string | null;
  error: string | null;
  created_at: string;
  completed_at: string | null;
  cost: number;
  /** A course job's course once written, or a lesson video's course. */
  course_id?: string | null;
  /** A lesson video's lesson, counted from zero. */
  lesson_index?: number | null;
  /**
   * A finished lesson or course: true when the offline writer wrote it, false when a
   * language model did; null before it is known and for solutions.
   */
  offline_draft?: boolean | null;
  /** A finished problem's solution: each step with whether a computation checked it. */
  solution?: Solution;
};

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
