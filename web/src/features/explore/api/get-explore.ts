import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { listOf } from '@/lib/list-of';
import type { CourseItem, MediaItem } from '@/types/library';
import type { components } from '@/types/openapi';

/** SPEC 9: the explore preload asks for 50 items from offset 0. */
export const EXPLORE_LIMIT = 50;

type Schemas = components['schemas'];

/** GET /api/public/explore/courses: published courses, newest first, without sign-in. */
export async function getExploreCourses(signal?: AbortSignal): Promise<CourseItem[]> {
  const res = await api.get<Partial<Schemas['Courses']> | undefined>(`/api/public/explore/courses?limit=${EXPLORE_LIMIT}&offset=0`, {
    signal,
    auth: false,
  });
  return listOf(res?.courses);
}

/** GET /api/public/explore/videos: published lessons and solutions, newest first. */
export async function getExploreVideos(signal?: AbortSignal): Promise<MediaItem[]> {
  const res = await api.get<Partial<Schemas['Videos']> | undefined>(`/api/public/explore/videos?limit=${EXPLORE_LIMIT}&offset=0`, {
    signal,
    auth: false,
  });
  return listOf(res?.videos);
}

export const exploreRootKey = ['explore'] as const;

export const exploreCoursesOptions = () =>
  queryOptions({ queryKey: [...exploreRootKey, 'courses'], queryFn: ({ signal }) => getExploreCourses(signal), staleTime: 60_000 });

export const exploreVideosOptions = () =>
  queryOptions({ queryKey: [...exploreRootKey, 'videos'], queryFn: ({ signal }) => getExploreVideos(signal), staleTime: 60_000 });
