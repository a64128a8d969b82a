import type { CourseItem, MediaItem } from '@/types/library';

export function makeMediaItem(overrides: Partial<MediaItem> = {}): MediaItem {
  return {
    id: 'v1',
    job_id: 'job-1',
    title: "Beginner's Guide to Photosynthesis",
    topic: 'Photosynthesis',
    description: 'A 1-minute beginner explainer video about Photosynthesis.',
    video_type: 'educational',
    status: 'completed',
    duration_minutes: 1,
    level: 1,
    created_at: '2026-03-01T10:00:00Z',
    thumbnail_url: '/api/media/thumbnail/job-1?t=tok',
    has_thumbnail: true,
    is_public: false,
    ...overrides,
  };
}

export function makeCourseItem(overrides: Partial<CourseItem> = {}): CourseItem {
  return {
    id: 'course-1',
    job_id: 'course-job-1',
    title: 'Astronomy for beginners',
    goal: 'See the night sky',
    description: 'Stars, planets and how to find them.',
    status: 'completed',
    lesson_count: 4,
    created_at: '2026-03-02T10:00:00Z',
    thumbnail_url: '/api/media/course-thumbnail/course-1?t=tok',
    has_thumbnail: true,
    is_public: false,
    ...overrides,
  };
}
