import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/types/openapi';

/** GET /api/public/videos/{id}: a published video, for anyone; its media URLs carry no token. */
export type PublicVideo = components['schemas']['PublicVideo'];

/** A published video by its id or its job's; an unpublished or unknown one answers 404. */
export function getPublicVideo(videoId: string, signal?: AbortSignal): Promise<PublicVideo> {
  return api.get<PublicVideo>(`/api/public/videos/${encodeURIComponent(videoId)}`, { signal, auth: false });
}

export const publicVideoQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: ['public-video', videoId] as const,
    queryFn: ({ signal }) => getPublicVideo(videoId, signal),
    staleTime: 60_000,
    retry: false,
  });
