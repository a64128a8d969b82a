import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Storyboard } from '@/features/editor/api/contract';

export const storyboardQueryKey = (videoId: string) => ['storyboard', videoId] as const;

/** GET /api/video/{id}/storyboard: what one of the caller's finished videos was rendered from (by video or job id). */
export function getStoryboard(videoId: string, signal?: AbortSignal): Promise<Storyboard> {
  return api.get<Storyboard>(`/api/video/${encodeURIComponent(videoId)}/storyboard`, { signal });
}

export const storyboardQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: storyboardQueryKey(videoId),
    queryFn: ({ signal }) => getStoryboard(videoId, signal),
    // The editor starts from what the server has now; a second visit asks again.
    staleTime: 0,
    retry: false,
  });
