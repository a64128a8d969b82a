/** SPEC.md section 3's media items, as the library, search and explore endpoints answer them. */
export type VideoType = 'educational' | 'problem_solving' | 'course_lesson';

/** A lesson, solution or course lesson video. */
export type MediaItem = {
  id: string;
  job_id: string | null;
  title: string;
  topic?: string | null;
  description?: string | null;
  video_type: VideoType;
  status: string;
  duration_minutes?: number | null;
  level?: number | null;
  created_at: string;
  thumbnail_url?: string | null;
  has_thumbnail?: boolean;
  thumbnail_storage_path?: string | null;
  is_public?: boolean;
  video_url?: string | null;
  subtitle_url?: string | null;
  chapters_url?: string | null;
  transcript_url?: string | null;
  /** Written by the offline writer: a labelled study skeleton, not a language model's lesson. */
  offline_draft?: boolean;
};

export type CourseItem = {
  id: string;
  job_id: string | null;
  title: string;
  description?: string | null;
  goal?: string | null;
  status: string;
  lesson_count?: number;
  created_at: string;
  thumbnail_url?: string | null;
  has_thumbnail?: boolean;
  thumbnail_storage_path?: string | null;
  is_public?: boolean;
};

/** The library's three kinds (SPEC.md 3's preloaded data: courses, lessons, solutions). */
export type LibrarySection = 'courses' | 'lessons' | 'solutions';

/** SPEC 3 preloaded data: lessons are educational videos, solutions problem-solving ones. */
export const isLesson = (item: MediaItem): boolean => item.video_type === 'educational';
export const isSolution = (item: MediaItem): boolean => item.video_type === 'problem_solving';
