import { describe, expect, it } from 'vitest';
import type { CourseLesson } from '@/features/courses/api/get-course';
import { lessonsToGenerate, shownLesson } from '@/features/courses/lib/lesson-status';

const lesson = (index: number, status: string, extra: Partial<CourseLesson> = {}): CourseLesson => ({
  lesson_index: index,
  title: `Lesson ${index + 1}`,
  objectives: [],
  summary: '',
  key_terms: [],
  status,
  job_id: null,
  video_id: null,
  progress: null,
  current_step: null,
  error: null,
  video: null,
  completed: false,
  sources: [],
  ...extra,
});

describe('what a lesson shows', () => {
  it('is the course answer, with live progress from the queue while its job runs', () => {
    expect(shownLesson(lesson(0, 'none')).status).toBe('none');
    expect(shownLesson(lesson(0, 'queued'), { state: 'processing', progress: 40, step: 'Recording narration', error: null })).toEqual({
      status: 'processing',
      progress: 40,
      step: 'Recording narration',
      error: null,
    });
  });

  it('keeps a completed lesson completed whatever the queue says', () => {
    expect(shownLesson(lesson(0, 'completed'), { state: 'queued', progress: 0, step: '', error: null }).status).toBe('completed');
  });

  it('shows a failure the queue saw before the course is refreshed', () => {
    expect(shownLesson(lesson(0, 'processing'), { state: 'failed', progress: 10, step: '', error: 'narration failed' })).toMatchObject({
      status: 'failed',
      error: 'narration failed',
    });
  });

  it('treats an unknown status as no video yet', () => {
    expect(shownLesson(lesson(0, 'archived')).status).toBe('none');
  });
});

describe('generate all', () => {
  it('starts the lessons with no video and the failed ones, not those on the way or done', () => {
    const lessons = [lesson(0, 'completed'), lesson(1, 'none'), lesson(2, 'queued'), lesson(3, 'failed'), lesson(4, 'none')];
    const live = { 4: { state: 'queued', progress: 0, step: '', error: null } };
    expect(lessonsToGenerate(lessons, live).map((l) => l.lesson_index)).toEqual([1, 3]);
  });
});
