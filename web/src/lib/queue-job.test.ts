import { describe, expect, it } from 'vitest';
import { queueItemTitle } from '@/lib/queue-job';

describe('queue item titles (SPEC 5)', () => {
  it('uses the topic of a video, else Untitled Video', () => {
    expect(queueItemTitle({ type: 'video', topic: 'Photosynthesis' })).toBe('Photosynthesis');
    expect(queueItemTitle({ type: 'video', topic: '  ' })).toBe('Untitled Video');
  });

  it('uses the first 100 characters of a problem, else Problem Solution', () => {
    expect(queueItemTitle({ type: 'problem', text: 'a'.repeat(150) })).toBe('a'.repeat(100));
    expect(queueItemTitle({ type: 'problem', text: '' })).toBe('Problem Solution');
  });

  it('uses the goal of a course, else New Course', () => {
    expect(queueItemTitle({ type: 'course', goal: 'Learn Rust' })).toBe('Learn Rust');
    expect(queueItemTitle({ type: 'course', goal: null })).toBe('New Course');
  });

  it('uses the lesson title, else Lesson {index+1}', () => {
    expect(queueItemTitle({ type: 'course_video', title: 'Ownership', index: 0 })).toBe('Ownership');
    expect(queueItemTitle({ type: 'course_video', index: 0 })).toBe('Lesson 1');
    expect(queueItemTitle({ type: 'course_video', title: '', index: 4 })).toBe('Lesson 5');
  });
});
