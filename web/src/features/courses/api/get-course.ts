import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CourseItem, MediaItem } from '@/types/library';

/** none, queued, processing, completed or failed (a string: an unknown value shows as it is). */
export type LessonStatus = 'none' | 'queued' | 'processing' | 'completed' | 'failed';

/** A lesson of GET /api/courses/{id}, counted from zero. */
export type CourseLesson = {
  lesson_index: number;
  title: string;
  objectives: string[];
  summary: string;
  key_terms: string[];
  status: LessonStatus | string;
  job_id: string | null;
  video_id: string | null;
  progress: number | null;
  current_step: string | null;
  error: string | null;
  video: MediaItem | null;
};

/** GET /api/courses/{id}: the library's course item with its outline and lessons. */
export type CourseDetail = CourseItem & {
  detail_level?: number;
  background_knowledge: string;
  audience: string;
  prerequisites: string[];
  offline_draft: boolean;
  script_engine: string | null;
  lessons: CourseLesson[];
};

export function getCourse(courseId: string, signal?: AbortSignal): Promise<CourseDetail> {
  return api.get<CourseDetail>(`/api/courses/${encodeURIComponent(courseId)}`, { signal });
}

export const courseQueryKey = (courseId: string) => ['course', courseId] as const;

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
