import { describe, expect, it } from 'vitest';
import { isFinalServerStatus, mapServerStatus, queueItemTitle } from '@/features/generation/lib/queue-rules';

describe('server status mapping (SPEC 4.1)', () => {
  it.each([
    ['completed', 'completed'],
    ['failed', 'failed'],
    ['queued', 'queued'],
    ['processing', 'processing'],
    ['rendering', 'processing'],
    ['narrating', 'processing'],
    ['', 'processing'],
    ['cancelled', 'cancelled'],
  ])('%s -> %s', (server, local) => {
    expect(mapServerStatus(server)).toBe(local);
  });

  it('stops polling on completed, failed and cancelled only', () => {
    expect(isFinalServerStatus('completed')).toBe(true);
    expect(isFinalServerStatus('failed')).toBe(true);
    expect(isFinalServerStatus('cancelled')).toBe(true);
    expect(isFinalServerStatus('queued')).toBe(false);
    expect(isFinalServerStatus('whatever')).toBe(false);
  });
});

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
