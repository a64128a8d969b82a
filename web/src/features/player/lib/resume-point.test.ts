import { describe, expect, it } from 'vitest';
import type { VideoProgress } from '@/features/player/api/progress';
import { resumePoint } from '@/features/player/lib/resume-point';

const at = (position_seconds: number, overrides: Partial<VideoProgress> = {}): VideoProgress => ({
  video_id: 'v1',
  position_seconds,
  furthest_seconds: position_seconds,
  duration_seconds: 100,
  completed: false,
  checkpoints: [],
  checkpoints_correct: 0,
  checkpoints_answered: 0,
  recorded_at: '2026-03-01T10:00:00Z',
  ...overrides,
});

describe('resumePoint', () => {
  it('offers a point after the first 10 s and before 95% of the length', () => {
    expect(resumePoint(at(10))).toBeNull();
    expect(resumePoint(at(10.5))).toBe(10.5);
    expect(resumePoint(at(94.9))).toBe(94.9);
    expect(resumePoint(at(95))).toBeNull();
  });

  it('offers nothing in a completed video, nor before the first report', () => {
    expect(resumePoint(at(50, { completed: true }))).toBeNull();
    expect(resumePoint(at(0, { recorded_at: null }))).toBeNull();
  });

  it('is not held back by a length the server does not know', () => {
    expect(resumePoint(at(500, { duration_seconds: 0 }))).toBe(500);
  });
});
