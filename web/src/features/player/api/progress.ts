import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/types/openapi';

type Schemas = components['schemas'];

/** What the player tells the server (POST /api/video/{id}/progress). */
export type ProgressReport = Schemas['ProgressReport'];
/** Where the learner is in their video, how far they got, and whether they finished it. */
export type VideoProgress = Schemas['VideoProgress'];

/** The id is the video's or its job's (the player's URL carries the job's). */
const progressPath = (videoId: string) => `/api/video/${encodeURIComponent(videoId)}/progress`;

/** GET /api/video/{id}/progress: zeros before the first report; 404 for a video that is not the caller's. */
export function getVideoProgress(videoId: string, signal?: AbortSignal): Promise<VideoProgress> {
  return api.get<VideoProgress>(progressPath(videoId), { signal });
}

/**
 * Where the learner stopped last time, asked once per visit: a cached answer from an earlier
 * visit would offer a point they have since moved on from.
 */
export const videoProgressQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: ['video-progress', videoId] as const,
    queryFn: ({ signal }) => getVideoProgress(videoId, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

/**
 * POST /api/video/{id}/progress. Sending a report again changes nothing; the one recorded last
 * wins. `keepalive`: the request outlives the page (sent as it is hidden or left).
 */
export function reportProgress(videoId: string, report: ProgressReport, { keepalive = false } = {}): Promise<VideoProgress> {
  return api.post<VideoProgress>(progressPath(videoId), report, { keepalive });
}
