import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CourseItem, MediaItem } from '@/types/library';
import type { components } from '@/types/openapi';

type Schemas = components['schemas'];

/** none, queued, processing, completed or failed. */
export type LessonStatus = Schemas['LessonItem']['status'];

/** A lesson of GET /api/courses/{id}, counted from zero (a status it does not know shows as it is). */
export type CourseLesson = Omit<Schemas['LessonItem'], 'status' | 'video'> & {
  status: LessonStatus | string;
  video: MediaItem | null;
};

/** GET /api/courses/{id}: the library's course item (read leniently) with its outline and lessons. */
export type CourseDetail = CourseItem & Omit<Schemas['CourseDetail'], keyof Schemas['CourseItem'] | 'lessons'> & { lessons: CourseLesson[] };

export function getCourse(courseId: string, signal?: AbortSignal): Promise<CourseDetail> {
  return api.get<CourseDetail>(`/api/courses/${encodeURIComponent(courseId)}`, { signal });
}

export const courseRootKey = ['course'] as const;
export const courseQueryKey = (courseId: string) => [...courseRootKey, courseId] as const;

/** While a lesson is on the way, the course is asked for again now and then (a job started elsewhere). */
export const ACTIVE_COURSE_REFETCH_MS = 10_000;

export function courseQueryOptions(courseId: string) {
  return queryOptions({
    queryKey: courseQueryKey(courseId),
    queryFn: ({ signal }) => getCourse(courseId, signal),
    staleTime: 5_000,
    refetchInterval: (query) =>
      query.state.data?.lessons.some((l) => l.status === 'queued' || l.status === 'processing')
        ? ACTIVE_COURSE_REFETCH_MS
        : false,
  });
}
