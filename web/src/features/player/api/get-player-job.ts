import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Solution } from '@/types/solution';

/** The fields of GET /api/job/{id}/status that the player reads. */
export type PlayerJob = {
  job_id: string;
  status: string;
  progress: number;
  current_step: string | null;
  title: string | null;
  smart_title: string | null;
  video_url: string | null;
  subtitle_url: string | null;
  chapters_url: string | null;
  transcript_url: string | null;
  error: string | null;
  /** Present for a finished problem solution. */
  solution?: Solution;
};

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
