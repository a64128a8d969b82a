import type { MediaItem } from '@/features/library/api/get-user-library';

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
