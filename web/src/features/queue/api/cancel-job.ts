import { api } from '@/lib/api-client';
import type { JobStatus } from '@/lib/job-status';

/** POST /api/job/{id}/cancel: answers the status object, or 409 when the job is already final. */
export function cancelJob(jobId: string): Promise<JobStatus> {
  return api.post<JobStatus>(`/api/job/${encodeURIComponent(jobId)}/cancel`);
}
