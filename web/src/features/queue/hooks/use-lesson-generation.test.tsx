import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GenerationQueueContext } from '@/hooks/use-generation-queue';
import { COURSE_REFRESH_DELAY_MS, useRefreshOnLessonCompleted } from '@/features/queue/hooks/use-lesson-generation';
import { createQueueStore, ID_SWAP_POLL_DELAY_MS } from '@/features/queue/lib/queue-store';
import { makeJobStatus } from '@/testing/make-job-status';

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers();
});

afterEach(() => vi.useRealTimers());

function setup(openCourse: string) {
  const store = createQueueStore({ storage: null, key: 'test' });
  const refresh = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <GenerationQueueContext.Provider value={{ store, cancel: async () => undefined }}>{children}</GenerationQueueContext.Provider>
  );
  renderHook(() => useRefreshOnLessonCompleted(openCourse, refresh), { wrapper });
  return { store, refresh };
}

async function completeLesson(store: ReturnType<typeof createQueueStore>, courseId: string, jobId: string) {
  await store.start({ type: 'course_video', title: 'Lesson', metadata: { courseId, lessonIndex: 1, credits: 0 } }, async () => ({
    job_id: jobId,
  }));
  vi.advanceTimersByTime(ID_SWAP_POLL_DELAY_MS);
  store.applyStatus(jobId, makeJobStatus({ job_id: jobId, kind: 'course_video', status: 'completed', progress: 100 }));
}

describe('SPEC 4.1: the open course is refreshed 500 ms after one of its lessons completes', () => {
  it('refreshes 500 ms later, not sooner', async () => {
    const { store, refresh } = setup('c1');
    await completeLesson(store, 'c1', 'job-1');
    vi.advanceTimersByTime(COURSE_REFRESH_DELAY_MS - 1);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('leaves the open course alone when a lesson of another course completes', async () => {
    const { store, refresh } = setup('c1');
    await completeLesson(store, 'c2', 'job-2');
    vi.advanceTimersByTime(COURSE_REFRESH_DELAY_MS * 4);
    expect(refresh).not.toHaveBeenCalled();
  });
});
