import type { QueryClient } from '@tanstack/react-query';
import { getUserLibrary, isLesson, isSolution, libraryQueryKey, type UserLibrary } from '@/features/library/api/get-user-library';

export const REFRESH_ATTEMPTS = 3;
export const REFRESH_BASE_DELAY_MS = 500;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function hasFinishedWithThumbnail(library: UserLibrary, jobId: string): boolean {
  return library.videos.some(
    (v) =>
      (isLesson(v) || isSolution(v)) &&
      (v.job_id === jobId || v.id === jobId) &&
      v.status === 'completed' &&
      Boolean(v.thumbnail_url || v.has_thumbnail),
  );
}

/**
 * SPEC 4.1: after a completion, reload the user's library up to 3 times, waiting
 * 500 ms × 2^attempt before each, until the job shows as a completed lesson or solution
 * with a thumbnail; the last answer becomes the library data either way.
 */
export async function refreshLibraryAfterCompletion(queryClient: QueryClient, userId: string, jobId: string): Promise<boolean> {
  let latest: UserLibrary | null = null;
  for (let attempt = 0; attempt < REFRESH_ATTEMPTS; attempt += 1) {
    await sleep(REFRESH_BASE_DELAY_MS * 2 ** attempt);
    try {
      latest = await getUserLibrary(userId);
    } catch (error) {
      console.warn(`Refreshing the library after job ${jobId} failed (attempt ${attempt + 1})`, error);
      continue;
    }
    if (hasFinishedWithThumbnail(latest, jobId)) break;
  }
  if (latest === null) return false;
  queryClient.setQueryData(libraryQueryKey(userId), latest);
  return hasFinishedWithThumbnail(latest, jobId);
}
