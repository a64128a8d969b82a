import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueueStore, ID_SWAP_POLL_DELAY_MS, queueStorageKey } from '@/features/queue/lib/queue-store';
import type { NewQueueJob, QueueJob } from '@/types/queue';
import { makeJobStatus } from '@/testing/make-job-status';

const KEY = queueStorageKey('u1');
const draft: NewQueueJob = { type: 'video', title: 'Photosynthesis', metadata: { duration: 1, level: 2, credits: 1 } };

function newStore() {
  return createQueueStore({ storage: window.localStorage, key: KEY });
}

async function startedStore(jobId = 'job-1') {
  const store = newStore();
  await store.start(draft, async () => ({ job_id: jobId }));
  vi.advanceTimersByTime(ID_SWAP_POLL_DELAY_MS);
  return store;
}

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('temporary ids (SPEC 4.1)', () => {
  it('adds a new job as queued under temp-<timestamp>, not polled', () => {
    const store = newStore();
    const id = store.addTemporary(draft);
    expect(id).toBe(`temp-${Date.parse('2026-03-01T10:00:00Z')}`);
    const job = store.getJob(id);
    expect(job).toMatchObject({ state: 'queued', progress: 0, currentStep: 'Queued for processing...', title: 'Photosynthesis' });
    expect(store.getSnapshot().polling.has(id)).toBe(false);
  });

  it('swaps in the real id, then starts polling after 100 ms', async () => {
    const store = newStore();
    let resolveStart: (v: { job_id: string }) => void = () => undefined;
    const started = store.start(draft, () => new Promise((r) => (resolveStart = r)));
    expect(store.getSnapshot().jobs[0]?.id).toMatch(/^temp-\d+$/);

    resolveStart({ job_id: 'job-42' });
    await expect(started).resolves.toBe('job-42');
    expect(store.getSnapshot().jobs.map((j) => j.id)).toEqual(['job-42']);
    expect(store.getSnapshot().polling.has('job-42')).toBe(false);

    vi.advanceTimersByTime(ID_SWAP_POLL_DELAY_MS - 1);
    expect(store.getSnapshot().polling.has('job-42')).toBe(false);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().polling.has('job-42')).toBe(true);
  });

  it('removes the temporary job and rethrows when the start fails', async () => {
    const store = newStore();
    const failure = new Error('Not enough credits');
    await expect(store.start(draft, async () => Promise.reject(failure))).rejects.toBe(failure);
    expect(store.getSnapshot().jobs).toEqual([]);
    expect(JSON.parse(window.localStorage.getItem(KEY) ?? '{}').jobs).toEqual([]);
  });
});

describe('server updates', () => {
  it('maps statuses and stops polling when the job completes, emitting completion once', async () => {
    const store = await startedStore();
    const completed = vi.fn();
    const finished = vi.fn();
    store.on('completed', completed);
    store.on('finished', finished);

    store.applyStatus('job-1', makeJobStatus({ job_id: 'job-1', status: 'rendering', progress: 40, current_step: 'Rendering slides' }));
    expect(store.getJob('job-1')).toMatchObject({ state: 'processing', progress: 40, currentStep: 'Rendering slides' });
    expect(store.getSnapshot().polling.has('job-1')).toBe(true);

    const done = makeJobStatus({ job_id: 'job-1', status: 'completed', progress: 100, video_url: '/api/video/job-1?t=x', smart_title: 'Light into Sugar' });
    store.applyStatus('job-1', done);
    store.applyStatus('job-1', done);
    expect(store.getJob('job-1')).toMatchObject({ state: 'completed', progress: 100, videoUrl: '/api/video/job-1?t=x', smartTitle: 'Light into Sugar' });
    expect(store.getJob('job-1')?.completedAt).not.toBeNull();
    expect(store.getSnapshot().polling.has('job-1')).toBe(false);
    expect(completed).toHaveBeenCalledTimes(1);
    expect(finished).toHaveBeenCalledTimes(1);
  });

  it("shows a failed job's error, or 'Generation failed'", async () => {
    const store = await startedStore('a');
    await store.start(draft, async () => ({ job_id: 'b' }));
    vi.advanceTimersByTime(ID_SWAP_POLL_DELAY_MS);
    const completed = vi.fn();
    store.on('completed', completed);
    store.applyStatus('a', makeJobStatus({ status: 'failed', error: 'narration: voice not installed' }));
    store.applyStatus('b', makeJobStatus({ status: 'failed', error: null }));
    expect(store.getJob('a')?.error).toBe('narration: voice not installed');
    expect(store.getJob('b')?.error).toBe('Generation failed');
    expect(store.getSnapshot().polling.size).toBe(0);
    expect(completed).not.toHaveBeenCalled();
  });
});

describe('cancel, remove and clear finished', () => {
  it('cancels queued or processing jobs locally and stops polling; a final job is not cancellable', async () => {
    const store = await startedStore();
    expect(store.cancel('job-1')).toBe(true);
    expect(store.getJob('job-1')?.state).toBe('cancelled');
    expect(store.getSnapshot().polling.has('job-1')).toBe(false);
    expect(store.cancel('job-1')).toBe(false);
    // A late answer from the server does not revive it.
    store.applyStatus('job-1', makeJobStatus({ status: 'processing', progress: 50 }));
    expect(store.getJob('job-1')?.state).toBe('cancelled');
  });

  it('does not cancel a job that has no real id yet', () => {
    const store = newStore();
    const id = store.addTemporary(draft);
    expect(store.cancel(id)).toBe(false);
  });

  it('removes only completed, failed and cancelled jobs; clear finished removes all three', async () => {
    const store = newStore();
    for (const id of ['done', 'broken', 'stopped', 'running']) {
      await store.start(draft, async () => ({ job_id: id }));
    }
    vi.advanceTimersByTime(ID_SWAP_POLL_DELAY_MS);
    store.applyStatus('done', makeJobStatus({ status: 'completed' }));
    store.applyStatus('broken', makeJobStatus({ status: 'failed' }));
    store.cancel('stopped');

    store.remove('running');
    expect(store.getJob('running')).toBeDefined();
    store.remove('done');
    expect(store.getJob('done')).toBeUndefined();

    store.clearFinished();
    expect(store.getSnapshot().jobs.map((j) => j.id)).toEqual(['running']);
  });
});

describe('persistence', () => {
  it('saves on every change and restores with polling resumed for queued and processing jobs', async () => {
    const store = newStore();
    for (const id of ['q', 'p', 'c']) await store.start(draft, async () => ({ job_id: id }));
    vi.advanceTimersByTime(ID_SWAP_POLL_DELAY_MS);
    store.applyStatus('p', makeJobStatus({ status: 'processing', progress: 30 }));
    store.applyStatus('c', makeJobStatus({ status: 'completed' }));
    store.setMinimised(true);

    const restored = newStore();
    const snapshot = restored.getSnapshot();
    expect(snapshot.jobs.map((j) => [j.id, j.state])).toEqual([
      ['c', 'completed'],
      ['p', 'processing'],
      ['q', 'queued'],
    ]);
    expect([...snapshot.polling].sort()).toEqual(['p', 'q']);
    expect(snapshot.minimised).toBe(true);
  });

  it('drops temporary jobs and unreadable data on restore', () => {
    const temp: Partial<QueueJob> = { id: 'temp-1', title: 'x', state: 'queued' };
    const real: Partial<QueueJob> = { id: 'job-9', title: 'y', state: 'queued' };
    window.localStorage.setItem(KEY, JSON.stringify({ version: 1, jobs: [temp, real, { nonsense: true }], minimised: false }));
    expect(newStore().getSnapshot().jobs.map((j) => j.id)).toEqual(['job-9']);

    window.localStorage.setItem(KEY, '{not json');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(newStore().getSnapshot().jobs).toEqual([]);
  });

  it('keeps each user in their own storage key', async () => {
    const store = newStore();
    await store.start(draft, async () => ({ job_id: 'mine' }));
    const other = createQueueStore({ storage: window.localStorage, key: queueStorageKey('u2') });
    expect(other.getSnapshot().jobs).toEqual([]);
  });
});

describe('courses in the queue (SPEC 3 metadata, SPEC 4.1 temporary ids)', () => {
  const lesson = (index: number): NewQueueJob => ({
    type: 'course_video',
    title: `Lesson ${index + 1}`,
    metadata: { courseId: 'c1', lessonIndex: index, credits: 0 },
  });

  it('starts a batch of lessons under temporary ids, swapped in order for the answer ids', async () => {
    const store = newStore();
    const ids = await store.startMany([lesson(0), lesson(1), lesson(2)], async () => ({ job_ids: ['j0', 'j1', 'j2'] }));
    expect(ids).toEqual(['j0', 'j1', 'j2']);
    expect(store.getSnapshot().jobs.map((j) => [j.id, j.metadata.lessonIndex])).toEqual([
      ['j0', 0],
      ['j1', 1],
      ['j2', 2],
    ]);
    vi.advanceTimersByTime(ID_SWAP_POLL_DELAY_MS);
    expect([...store.getSnapshot().polling].sort()).toEqual(['j0', 'j1', 'j2']);
  });

  it('removes every temporary lesson and rethrows when the batch cannot start', async () => {
    const store = newStore();
    const failure = new Error('Failed to start batch generation');
    await expect(store.startMany([lesson(0), lesson(1)], async () => Promise.reject(failure))).rejects.toBe(failure);
    expect(store.getSnapshot().jobs).toEqual([]);
  });

  it('keeps one entry when the server answers with a job the queue already follows', async () => {
    const store = newStore();
    await store.start(lesson(1), async () => ({ job_id: 'j1' }));
    await store.start(lesson(1), async () => ({ job_id: 'j1' }));
    expect(store.getSnapshot().jobs.map((j) => j.id)).toEqual(['j1']);
  });

  it("records a finished course job's course id in its metadata", async () => {
    const store = newStore();
    await store.start({ type: 'course', title: 'Learn Rust', metadata: { credits: 3, detailLevel: 2 } }, async () => ({ job_id: 'jc' }));
    store.applyStatus('jc', makeJobStatus({ job_id: 'jc', kind: 'course', status: 'completed', course_id: 'course-9' }));
    expect(store.getJob('jc')?.metadata).toEqual({ credits: 3, detailLevel: 2, courseId: 'course-9' });
  });
});

describe('the panel folds when nothing runs (issue 19)', () => {
  it('minimises itself when the last running job ends, and stays open while another runs', async () => {
    const store = await startedStore('a');
    await store.start(draft, async () => ({ job_id: 'b' }));
    vi.advanceTimersByTime(ID_SWAP_POLL_DELAY_MS);
    store.setMinimised(false);
    store.applyStatus('a', makeJobStatus({ job_id: 'a', status: 'completed', progress: 100 }));
    expect(store.getSnapshot().minimised).toBe(false);
    store.cancel('b');
    expect(store.getSnapshot().minimised).toBe(true);
    expect(store.getJob('b')?.currentStep).toBe('Cancelled, 1 credit refunded');
  });

  it('comes back minimised when the saved queue has nothing running', () => {
    const saved: Partial<QueueJob>[] = [{ id: 'x', type: 'video', title: 'Old', state: 'completed', progress: 100, currentStep: 'Done', metadata: {} }];
    window.localStorage.setItem(KEY, JSON.stringify({ version: 1, jobs: saved, minimised: false }));
    expect(newStore().getSnapshot().minimised).toBe(true);
  });

  it('learns from the status that a job came out as an offline draft', async () => {
    const store = await startedStore();
    store.applyStatus('job-1', makeJobStatus({ status: 'completed', progress: 100, offline_draft: true }));
    expect(store.getJob('job-1')?.metadata.writer).toBe('offline_draft');
  });
});
