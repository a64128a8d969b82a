import { describe, expect, it } from 'vitest';
import { newQueueJob } from '@/lib/queue-job';

describe('a new queue entry', () => {
  it('takes its kind and SPEC 5 title from the same source, and the metadata as given', () => {
    expect(newQueueJob({ type: 'course', goal: ' See the night sky ' }, { credits: 3, detailLevel: 2 })).toEqual({
      type: 'course',
      title: 'See the night sky',
      metadata: { credits: 3, detailLevel: 2 },
    });
    expect(newQueueJob({ type: 'course_video', title: '', index: 2 }, { courseId: 'c1', lessonIndex: 2, credits: 0 })).toEqual({
      type: 'course_video',
      title: 'Lesson 3',
      metadata: { courseId: 'c1', lessonIndex: 2, credits: 0 },
    });
  });
});
