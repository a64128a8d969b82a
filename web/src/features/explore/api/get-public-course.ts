import { queryOptions, useQuery } from '@tanstack/react-query';
import { exploreRootKey } from '@/features/explore/api/get-explore';
import { api } from '@/lib/api-client';
import type { CourseItem } from '@/types/library';

/** A finished lesson video of a published course: its media open without sign-in. */
export type PublicLessonVideo = {
  title: string;
  duration: string;
  duration_minutes: number;
  thumbnail_url: string | null;
  video_url: string;
  subtitle_url: string;
  chapters_url: string;
  transcript_url: string;
};

/** A lesson of GET /api/public/courses/{id}, counted from zero; `video` once it is finished. */
export type PublicLesson = {
  lesson_index: number;
  title: string;
  summary: string;
  objectives: string[];
  key_terms: string[];
  job_id: string | null;
  video: PublicLessonVideo | null;
};

/** GET /api/public/courses/{id}: the explore course item with its outline and lessons. */
export type PublicCourse = CourseItem & {
  audience: string;
  prerequisites: string[];
  offline_draft: boolean;
  lessons: PublicLesson[];
};

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
