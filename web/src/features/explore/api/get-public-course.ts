import { queryOptions, useQuery } from '@tanstack/react-query';
import { exploreRootKey } from '@/features/explore/api/get-explore';
import { api } from '@/lib/api-client';
import type { CourseItem } from '@/types/library';
import type { components } from '@/types/openapi';

type Schemas = components['schemas'];

/** A finished lesson video of a published course: its media open without sign-in. */
export type PublicLessonVideo = Schemas['PublicLessonVideo'];

/** A lesson of GET /api/public/courses/{id}, counted from zero; `video` once it is finished. */
export type PublicLesson = Schemas['PublicLesson'];

/** GET /api/public/courses/{id}: the explore course item (read leniently) with its outline and lessons. */
export type PublicCourse = CourseItem & Omit<Schemas['PublicCourse'], keyof Schemas['CourseItem']>;

/** A published course for anyone; a private or unknown one answers 404. */
export function getPublicCourse(courseId: string, signal?: AbortSignal): Promise<PublicCourse> {
  return api.get<PublicCourse>(`/api/public/courses/${encodeURIComponent(courseId)}`, { signal, auth: false });
}

export const publicCourseQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: [...exploreRootKey, 'course', courseId],
    queryFn: ({ signal }) => getPublicCourse(courseId, signal),
    staleTime: 60_000,
  });

export function usePublicCourse(courseId: string) {
  return useQuery(publicCourseQueryOptions(courseId));
}
