import type { components } from '@/types/openapi';

/** SPEC.md section 3's media items, as the library, search and explore endpoints answer them. */
type Schemas = components['schemas'];

export type VideoType = Schemas['VideoItem']['video_type'];

/**
 * A lesson, solution or course lesson video: the API's `VideoItem`, of which the screens need
 * only the identity, kind and state (items are also built from a course's lessons and from
 * the queue, which know less).
 */
export type MediaItem = Pick<Schemas['VideoItem'], 'id' | 'job_id' | 'title' | 'video_type' | 'status' | 'created_at'> &
  Partial<Omit<Schemas['VideoItem'], 'id' | 'job_id' | 'title' | 'video_type' | 'status' | 'created_at'>>;

/** A course as the library and explore list it: the API's `CourseItem`, read as leniently. */
export type CourseItem = Pick<Schemas['CourseItem'], 'id' | 'job_id' | 'title' | 'status' | 'created_at'> &
  Partial<Omit<Schemas['CourseItem'], 'id' | 'job_id' | 'title' | 'status' | 'created_at'>>;

/** The library's three kinds (SPEC.md 3's preloaded data: courses, lessons, solutions). */
export type LibrarySection = 'courses' | 'lessons' | 'solutions';

/** SPEC 3 preloaded data: lessons are educational videos, solutions problem-solving ones. */
export const isLesson = (item: MediaItem): boolean => item.video_type === 'educational';
export const isSolution = (item: MediaItem): boolean => item.video_type === 'problem_solving';
