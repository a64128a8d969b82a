import type { QueryClient } from '@tanstack/react-query';
import { exploreCoursesOptions, exploreVideosOptions } from '@/features/explore/api/get-explore';
import {
  librarySectionKey,
  librarySectionOptions,
  sectionCourses,
  sectionVideos,
  type LibraryData,
} from '@/features/library/api/get-library';
import { thumbnailSrc } from '@/lib/thumbnail';
import type { CourseItem, LibrarySection, MediaItem } from '@/types/library';

/** SPEC 3's preloaded data: the user's three library sections and the public catalogue. */
export type PreloadSection = LibrarySection | 'explore';

/** SPEC 9: per-section caps of the thumbnail preload. */
export const SECTION_CAPS: Record<PreloadSection, number> = { lessons: 20, courses: 20, solutions: 15, explore: 30 };
/** SPEC 9: the navigation preload takes 6 items of each list, 15 at a time. */
export const NAVIGATION_ITEMS_PER_LIST = 6;
export const NAVIGATION_CONCURRENCY = 15;
/** SPEC 9: the page transition checks every 50 ms, up to 40 times... */
export const TRANSITION_CHECK_MS = 50;
export const TRANSITION_MAX_CHECKS = 40;
/** ...and goes ahead once more than 5 thumbnails have failed. */
export const TRANSITION_MAX_FAILURES = 5;
/** SPEC 9: hovering a link this long preloads its page. */
export const HOVER_DELAY_MS = 300;
/** SPEC 2.2: the progress bar's loading stages. */
export const PROGRESS_STAGES = [30, 50, 70] as const;

const clean = (pathname: string) => pathname.split(/[?#]/)[0]?.replace(/(.)\/+$/, '$1') ?? '/';

/** SPEC 2.2: these paths navigate at once, without waiting for thumbnails. */
export function navigatesInstantly(path: string): boolean {
  const p = clean(path);
  return ['/auth', '/credits', '/courses/', '/video/'].some((part) => p.includes(part));
}

/** What a page shows, so what to preload before showing it. */
export function sectionsForPath(path: string): PreloadSection[] {
  switch (clean(path)) {
    case '/':
      return ['explore'];
    case '/library':
      return ['courses', 'lessons', 'solutions'];
    case '/library/courses':
    case '/courses':
      return ['courses'];
    case '/library/lessons':
    case '/lessons':
      return ['lessons'];
    case '/library/solutions':
    case '/problems':
      return ['solutions'];
    default:
      return [];
  }
}

/** Fetches the data of `sections` unless it is cached; the user's sections only when signed in. */
export async function ensureSectionData(queryClient: QueryClient, userId: string | null, sections: PreloadSection[]): Promise<void> {
  const loads: Promise<unknown>[] = [];
  for (const section of sections) {
    if (section === 'explore') {
      loads.push(queryClient.ensureQueryData(exploreCoursesOptions()), queryClient.ensureQueryData(exploreVideosOptions()));
    } else if (userId) {
      loads.push(queryClient.ensureInfiniteQueryData(librarySectionOptions(userId, section)));
    }
  }
  const results = await Promise.allSettled(loads);
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length > 0) throw new AggregateError(failed.map((r) => (r as PromiseRejectedResult).reason), 'Preloading data failed');
}

const urlsOf = (items: (CourseItem | MediaItem)[]) => items.map(thumbnailSrc).filter((u): u is string => u !== null);

/**
 * The thumbnails of `sections` from the cached data: `perList` items of each list (courses,
 * lessons, solutions; explore has courses, lessons and solutions), within each section's cap.
 */
export function sectionThumbnails(
  queryClient: QueryClient,
  userId: string | null,
  sections: PreloadSection[],
  perList = Number.POSITIVE_INFINITY,
): Record<PreloadSection, string[]> {
  const result: Record<PreloadSection, string[]> = { courses: [], lessons: [], solutions: [], explore: [] };
  for (const section of sections) {
    const cap = SECTION_CAPS[section];
    if (section === 'explore') {
      const courses = queryClient.getQueryData<CourseItem[]>(exploreCoursesOptions().queryKey) ?? [];
      const videos = queryClient.getQueryData<MediaItem[]>(exploreVideosOptions().queryKey) ?? [];
      const lists = [
        courses,
        videos.filter((v) => v.video_type !== 'problem_solving'),
        videos.filter((v) => v.video_type === 'problem_solving'),
      ];
      result.explore = lists.flatMap((list) => urlsOf(list.slice(0, perList))).slice(0, cap);
    } else if (userId) {
      const data = queryClient.getQueryData<LibraryData>(librarySectionKey(userId, section));
      const items = section === 'courses' ? sectionCourses(data) : sectionVideos(data);
      result[section] = urlsOf(items.slice(0, Math.min(perList, cap)));
    }
  }
  return result;
}
