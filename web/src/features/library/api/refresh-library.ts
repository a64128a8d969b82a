import type { QueryClient } from '@tanstack/react-query';
import {
  librarySearchRootKey,
  librarySectionKey,
  sectionType,
  searchLibrary,
  type LibraryData,
  type LibraryPage,
} from '@/features/library/api/get-library';
import type { LibrarySection } from '@/types/library';

export const REFRESH_ATTEMPTS = 3;
export const REFRESH_BASE_DELAY_MS = 500;

const SECTIONS: LibrarySection[] = ['courses', 'lessons', 'solutions'];

type Sections = Record<LibrarySection, LibraryPage>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** SPEC 7: the user search, fetched three times in parallel (courses, lessons, solutions). */
export async function fetchLibrarySections(userId: string, signal?: AbortSignal): Promise<Sections> {
  const pages = await Promise.all(SECTIONS.map((s) => searchLibrary(userId, { type: sectionType[s] }, signal)));
  return Object.fromEntries(SECTIONS.map((s, i) => [s, pages[i]])) as Sections;
}

/** Puts freshly fetched first pages in place of the cached sections. */
export function storeLibrarySections(queryClient: QueryClient, userId: string, sections: Sections): void {
  for (const section of SECTIONS) {
    queryClient.setQueryData<LibraryData>(librarySectionKey(userId, section), {
      pages: [sections[section]],
      pageParams: [0],
    });
  }
}

function hasFinishedWithThumbnail(sections: Sections, jobId: string): boolean {
  return [...sections.lessons.videos, ...sections.solutions.videos].some(
    (v) => (v.job_id === jobId || v.id === jobId) && v.status === 'completed' && Boolean(v.thumbnail_url || v.has_thumbnail),
  );
}

/**
 * SPEC 4.1: after a completion, reload the user's library up to 3 times, waiting
 * 500 ms × 2^attempt before each, until the job shows as a completed lesson or solution
 * with a thumbnail; the last answer's courses, lessons and solutions become the preloaded
 * data either way.
 */
export async function refreshLibraryAfterCompletion(queryClient: QueryClient, userId: string, jobId: string): Promise<boolean> {
  let latest: Sections | null = null;
  for (let attempt = 0; attempt < REFRESH_ATTEMPTS; attempt += 1) {
    await sleep(REFRESH_BASE_DELAY_MS * 2 ** attempt);
    try {
      latest = await fetchLibrarySections(userId);
    } catch (error) {
      console.warn(`Refreshing the library after job ${jobId} failed (attempt ${attempt + 1})`, error);
      continue;
    }
    if (hasFinishedWithThumbnail(latest, jobId)) break;
  }
  if (latest === null) return false;
  storeLibrarySections(queryClient, userId, latest);
  void queryClient.invalidateQueries({ queryKey: librarySearchRootKey(userId) });
  return hasFinishedWithThumbnail(latest, jobId);
}
