import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type VideoType = 'educational' | 'problem_solving' | 'course_lesson';

/** SPEC 3's media item as GET /api/auth/user/{uid}/search lists it. */
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
};

export type UserLibrary = { courses: unknown[]; videos: MediaItem[] };

export async function getUserLibrary(userId: string, signal?: AbortSignal): Promise<UserLibrary> {
  const res = await api.get<Partial<UserLibrary>>(`/api/auth/user/${encodeURIComponent(userId)}/search`, { signal });
  return { courses: Array.isArray(res?.courses) ? res.courses : [], videos: Array.isArray(res?.videos) ? res.videos : [] };
}

export const libraryQueryKey = (userId: string) => ['library', userId] as const;

export function libraryQueryOptions(userId: string) {
  return queryOptions({
    queryKey: libraryQueryKey(userId),
    queryFn: ({ signal }) => getUserLibrary(userId, signal),
    staleTime: 30_000,
  });
}

/** SPEC 3 preloaded data: lessons are educational videos, solutions problem-solving ones. */
export const isLesson = (item: MediaItem): boolean => item.video_type === 'educational';
export const isSolution = (item: MediaItem): boolean => item.video_type === 'problem_solving';
