import type { JobStatus } from '@/lib/job-status';

/** A GET /api/job/{id}/status answer for tests. */
export function makeJobStatus(overrides: Partial<JobStatus> = {}): JobStatus {
  return {
    job_id: 'job-1',
    kind: 'video',
    status: 'queued',
    progress: 0,
    current_step: 'Queued',
    title: 'Photosynthesis',
    smart_title: null,
    video_url: null,
    subtitle_url: null,
    chapters_url: null,
    transcript_url: null,
    thumbnail_url: null,
    study_sheet_url: null,
    error: null,
    created_at: '2026-01-01T00:00:00Z',
    completed_at: null,
    cost: 1,
    offline_draft: null,
    ...overrides,
  };
}
