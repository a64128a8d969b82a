import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { libraryRootKey } from '@/features/library/api/get-library';
import type { MediaItem } from '@/types/library';

/**
 * The library's record of a video by its job id (or its own id): its stored title and
 * description, as every screen shows them (GET /api/library/videos/{id}). Null when the
 * library has no such video of the caller's.
 */
export async function findLibraryVideo(videoId: string, signal?: AbortSignal): Promise<MediaItem | null> {
  try {
    return await api.get<MediaItem>(`/api/library/videos/${encodeURIComponent(videoId)}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const libraryVideoQueryOptions = (userId: string, videoId: string) =>
  queryOptions({
    queryKey: [...libraryRootKey(userId), 'video', videoId] as const,
    queryFn: ({ signal }) => findLibraryVideo(videoId, signal),
    // Asked again on every visit: a rename shows at once.
    staleTime: 0,
    retry: false,
  });
