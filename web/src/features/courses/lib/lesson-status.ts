import type { CourseLesson, LessonStatus } from '@/features/courses/api/get-course';

/** A lesson's job as the AI Generation Queue follows it in this browser. */
export type LiveLesson = { state: string; progress: number; step: string; error: string | null };

export type ShownLesson = {
  status: LessonStatus;
  progress: number | null;
  step: string | null;
  error: string | null;
};

export const lessonStatusLabels: Record<LessonStatus, string> = {
  none: 'No video yet',
  queued: 'Queued',
  processing: 'Generating',
  completed: 'Ready',
  failed: 'Failed',
};

const known = (status: string): LessonStatus =>
  status === 'queued' || status === 'processing' || status === 'completed' || status === 'failed' ? status : 'none';

/**
 * What a lesson shows: the course's answer, except that a job this browser follows in its
 * queue shows its live progress until the course is refreshed (SPEC 4.1 refreshes it 500 ms
 * after the lesson completes).
 */
export function shownLesson(lesson: CourseLesson, live?: LiveLesson): ShownLesson {
  const server = known(lesson.status);
  if (server === 'completed') return { status: 'completed', progress: 100, step: null, error: null };
  if (live && (live.state === 'queued' || live.state === 'processing')) {
    return { status: live.state, progress: live.progress, step: live.step, error: null };
  }
  if (live && live.state === 'failed' && server !== 'failed') {
    return { status: 'failed', progress: null, step: null, error: live.error };
  }
  return { status: server, progress: lesson.progress, step: lesson.current_step, error: lesson.error };
}

/** The lessons "Generate all" starts: those without a video on the way or done. */
export function lessonsToGenerate(lessons: CourseLesson[], live: Record<number, LiveLesson> = {}): CourseLesson[] {
  return lessons.filter((lesson) => {
    const { status } = shownLesson(lesson, live[lesson.lesson_index]);
    return status === 'none' || status === 'failed';
  });
}
