import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useGenerationQueue, useQueueSnapshot } from '@/hooks/use-generation-queue';
import { newQueueJob } from '@/lib/queue-job';
import type { NewQueueJob } from '@/types/queue';
import { generateAllLessonVideos, generateLessonVideo } from '@/features/queue/api/generate-lesson-video';

/** SPEC 4.1: the open course is refreshed this long after one of its lessons completes. */
export const COURSE_REFRESH_DELAY_MS = 500;
/** SPEC 9: the videos of a course's lessons cost nothing (the course paid for them). */
const LESSON_VIDEO_COST = 0;

export type LessonToStart = { index: number; title?: string | null };

function lessonEntry(courseId: string, lesson: LessonToStart, level?: number): NewQueueJob {
  // SPEC 5: a lesson's queue title is its title, or 'Lesson {index+1}'.
  return newQueueJob(
    { type: 'course_video', title: lesson.title, index: lesson.index },
    { courseId, lessonIndex: lesson.index, credits: LESSON_VIDEO_COST, level },
  );
}

/** Starts lesson videos of a course through the AI Generation Queue, one or as a batch. */
export function useLessonGeneration(userId: string | null | undefined, courseId: string, level?: number) {
  const { store } = useGenerationQueue();

  const startLesson = useCallback(
    (lesson: LessonToStart) => {
      if (!userId) return Promise.reject(new Error('User ID is required for lesson generation'));
      return store.start(lessonEntry(courseId, lesson, level), () =>
        generateLessonVideo({ course_id: courseId, lesson_index: lesson.index, user_id: userId, dry_run: false }),
      );
    },
    [store, userId, courseId, level],
  );

  const startLessons = useCallback(
    (lessons: LessonToStart[]) => {
      if (!userId) return Promise.reject(new Error('User ID is required for lesson generation'));
      return store.startMany(
        lessons.map((lesson) => lessonEntry(courseId, lesson, level)),
        () => generateAllLessonVideos({ course_id: courseId, user_id: userId, lesson_indices: lessons.map((l) => l.index) }),
      );
    },
    [store, userId, courseId, level],
  );

  return { startLesson, startLessons };
}

/**
 * SPEC 4.1: when a lesson video of the course that is open completes, the course data is
 * refreshed 500 ms later.
 */
export function useRefreshOnLessonCompleted(courseId: string, refresh: () => void) {
  const { store } = useGenerationQueue();
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const off = store.on('completed', (job) => {
      if (job.type !== 'course_video' || job.metadata.courseId !== courseId) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        refreshRef.current();
      }, COURSE_REFRESH_DELAY_MS);
      timers.add(timer);
    });
    return () => {
      off();
      timers.forEach(clearTimeout);
    };
  }, [store, courseId]);
}

export type LessonJob = { state: string; progress: number; step: string; error: string | null };

/** The lesson-video jobs of a course that the queue follows, by lesson index (the newest of each). */
export function useLessonJobs(courseId: string): Record<number, LessonJob> {
  const { jobs } = useQueueSnapshot();
  return useMemo(() => {
    const byLesson: Record<number, LessonJob> = {};
    for (const job of jobs) {
      const index = job.metadata.lessonIndex;
      if (job.type !== 'course_video' || job.metadata.courseId !== courseId || index === undefined) continue;
      if (byLesson[index]) continue;
      byLesson[index] = { state: job.state, progress: job.progress, step: job.currentStep, error: job.error };
    }
    return byLesson;
  }, [jobs, courseId]);
}
