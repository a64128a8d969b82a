import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listOf } from '@/lib/list-of';
import type { CourseItem, LibrarySection, MediaItem } from '@/types/library';
import type { components, operations } from '@/types/openapi';

/** The query of GET /api/auth/user/{uid}/search. */
type SearchQuery = NonNullable<operations['search']['parameters']['query']>;

export type ItemType = NonNullable<SearchQuery['type']>;

/** One answer of GET /api/auth/user/{uid}/search: SPEC 3's `{courses, videos}`, a page of each. */
export type LibraryPage = Pick<components['schemas']['SearchResults'], 'has_more_courses' | 'has_more_videos'> & {
  courses: CourseItem[];
  videos: MediaItem[];
  /** How far the owner got in the listed courses and videos (issue 17), by id. */
  progress: ListedProgress;
};

export type ListedProgress = components['schemas']['ListedProgress'];

export type LibraryQuery = { [K in keyof SearchQuery]?: NonNullable<SearchQuery[K]> };

/** Items per request; the server takes at most 100. */
export const LIBRARY_PAGE_SIZE = 50;

export const sectionType: Record<LibrarySection, ItemType> = {
  courses: 'course',
  lessons: 'lesson',
  solutions: 'solution',
};

export async function searchLibrary(userId: string, query: LibraryQuery = {}, signal?: AbortSignal): Promise<LibraryPage> {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.type) params.set('type', query.type);
  params.set('limit', String(query.limit ?? LIBRARY_PAGE_SIZE));
  params.set('offset', String(query.offset ?? 0));
  const res = await api.get<Partial<LibraryPage>>(`/api/auth/user/${encodeURIComponent(userId)}/search?${params}`, { signal });
  return {
    courses: listOf(res?.courses),
    videos: listOf(res?.videos),
    has_more_courses: res?.has_more_courses === true,
    has_more_videos: res?.has_more_videos === true,
    progress: { courses: res?.progress?.courses ?? {}, videos: res?.progress?.videos ?? {} },
  };
}

/** Every library query of a user sits under this key, so one call finds or clears them all. */
export const libraryRootKey = (userId: string) => ['library', userId] as const;
export const librarySectionKey = (userId: string, section: LibrarySection) => ['library', userId, section] as const;
export const librarySearchRootKey = (userId: string) => ['library', userId, 'search'] as const;
export const librarySearchKey = (userId: string, q: string, type: ItemType | null) =>
  [...librarySearchRootKey(userId), q, type ?? 'all'] as const;

export type LibraryData = InfiniteData<LibraryPage, number>;

function nextOffset(type: ItemType | null) {
  return (last: LibraryPage, pages: LibraryPage[]): number | undefined => {
    const more = type === 'course' ? last.has_more_courses : type === null ? last.has_more_courses || last.has_more_videos : last.has_more_videos;
    return more ? pages.length * LIBRARY_PAGE_SIZE : undefined;
  };
}

/** SPEC 3's preloaded courses, lessons or solutions: one search per kind, newest first. */
export function librarySectionOptions(userId: string, section: LibrarySection) {
  const type = sectionType[section];
  return infiniteQueryOptions({
    queryKey: librarySectionKey(userId, section),
    queryFn: ({ pageParam, signal }) => searchLibrary(userId, { type, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset(type),
    staleTime: 30_000,
  });
}

/** The search page's results for `q`, all kinds or one. */
export function librarySearchOptions(userId: string, q: string, type: ItemType | null) {
  return infiniteQueryOptions({
    queryKey: librarySearchKey(userId, q, type),
    queryFn: ({ pageParam, signal }) => searchLibrary(userId, { q, type: type ?? undefined, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: nextOffset(type),
    staleTime: 30_000,
  });
}

type Pages = { pages: LibraryPage[] } | undefined;

export const sectionCourses = (data: Pages): CourseItem[] => data?.pages.flatMap((p) => p.courses) ?? [];
export const sectionVideos = (data: Pages): MediaItem[] => data?.pages.flatMap((p) => p.videos) ?? [];
/** The progress of every page's items, by id. */
export const sectionProgress = (data: Pages): ListedProgress => ({
  courses: Object.assign({}, ...(data?.pages.map((p) => p.progress.courses) ?? [])) as ListedProgress['courses'],
  videos: Object.assign({}, ...(data?.pages.map((p) => p.progress.videos) ?? [])) as ListedProgress['videos'],
});
