import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CourseItem, MediaItem } from '@/types/library';

/** SPEC 9: the explore preload asks for 50 items from offset 0. */
export const EXPLORE_LIMIT = 50;

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** GET /api/public/explore/courses: published courses, newest first, without sign-in. */
export async function getExploreCourses(signal?: AbortSignal): Promise<CourseItem[]> {
  const res = await api.get<{ courses?: unknown }>(`/api/public/explore/courses?limit=${EXPLORE_LIMIT}&offset=0`, {
    signal,
    auth: false,
  });
  return list<CourseItem>(res?.courses);
}

/** GET /api/public/explore/videos: published lessons and solutions, newest first. */
export async function getExploreVideos(signal?: AbortSignal): Promise<MediaItem[]> {
  const res = await api.get<{ videos?: unknown }>(`/api/public/explore/videos?limit=${EXPLORE_LIMIT}&offset=0`, {
    signal,
    auth: false,
  });
  return list<MediaItem>(res?.videos);
}

export const exploreRootKey = ['explore'] as const;

export const exploreCoursesOptions = () =>
  queryOptions({ queryKey: [...exploreRootKey, 'courses'], queryFn: ({ signal }) => getExploreCourses(signal), staleTime: 60_000 });

export const exploreVideosOptions = () =>
  queryOptions({ queryKey: [...exploreRootKey, 'videos'], queryFn: ({ signal }) => getExploreVideos(signal), staleTime: 60_000 });
