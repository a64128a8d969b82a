import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { JobStatus } from '@/lib/job-status';

/** The fields of GET /api/job/{id}/status that the player reads (`solution`: a finished problem's). */
export type PlayerJob = Pick<
  JobStatus,
  | 'job_id'
  | 'status'
  | 'progress'
  | 'current_step'
  | 'title'
  | 'smart_title'
  | 'video_url'
  | 'subtitle_url'
  | 'chapters_url'
  | 'transcript_url'
  | 'study_sheet_url'
  | 'error'
  | 'solution'
>;

const FINAL = new Set(['completed', 'failed', 'cancelled']);
export const PLAYER_POLL_MS = 2_000;

export function getPlayerJob(videoId: string, signal?: AbortSignal): Promise<PlayerJob> {
  return api.get<PlayerJob>(`/api/job/${encodeURIComponent(videoId)}/status`, { signal });
}

/** While the job is still running the page keeps asking, so it turns into the video by itself. */
export function playerJobQueryOptions(videoId: string) {
  return queryOptions({
    queryKey: ['player-job', videoId] as const,
    queryFn: ({ signal }) => getPlayerJob(videoId, signal),
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status !== undefined && !FINAL.has(status) ? PLAYER_POLL_MS : false;
    },
  });
}
