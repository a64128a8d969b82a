import type { JobStatus } from '@/lib/job-status';
import { cancelledText } from '@/lib/queue-job';
import type { NewQueueJob, QueueEvent, QueueJob, QueueSnapshot } from '@/types/queue';
import {
  FAILED_FALLBACK,
  isActive,
  isFinished,
  isTempId,
  mapServerStatus,
  QUEUED_STEP,
  TEMP_ID_PREFIX,
} from '@/features/queue/lib/queue-rules';

/** SPEC 9: polling starts this long after the real id replaces the temporary one. */
export const ID_SWAP_POLL_DELAY_MS = 100;

type JobListener = (job: QueueJob) => void;

export type QueueStore = ReturnType<typeof createQueueStore>;

type Persisted = { version: 1; jobs: QueueJob[]; minimised: boolean };

function isQueueJob(value: unknown): value is QueueJob {
  if (typeof value !== 'object' || value === null) return false;
  const job = value as Partial<QueueJob>;
  return (
    typeof job.id === 'string' &&
    typeof job.title === 'string' &&
    typeof job.state === 'string' &&
    ['queued', 'processing', 'completed', 'failed', 'cancelled'].includes(job.state)
  );
}

function restore(storage: Storage | null, key: string): { jobs: QueueJob[]; minimised: boolean } {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return { jobs: [], minimised: true };
    const parsed = JSON.parse(raw) as Partial<Persisted>;
    const jobs = Array.isArray(parsed.jobs) ? parsed.jobs.filter(isQueueJob) : [];
    // A temporary job's start request died with the page that sent it; it can never be polled.
    const kept = jobs.filter((j) => !isTempId(j.id));
    // With nothing running the panel comes back as its small button (issue 19).
    return { jobs: kept, minimised: parsed.minimised === true || !kept.some((j) => isActive(j.state)) };
  } catch (error) {
    console.warn('The saved generation queue could not be read', error);
    return { jobs: [], minimised: true };
  }
}

/** What a status teaches the job's metadata: its course, and whether it came out as an offline draft. */
function nextMetadata(metadata: QueueJob['metadata'], status: JobStatus): QueueJob['metadata'] {
  let next = metadata;
  // A course job learns its course's id when it completes (SPEC 3's metadata.courseId).
  if (status.course_id && !metadata.courseId) next = { ...next, courseId: status.course_id };
  if (status.offline_draft === true && metadata.writer !== 'offline_draft') next = { ...next, writer: 'offline_draft' };
  if (status.offline_draft === false && metadata.writer === 'offline_draft') next = { ...next, writer: undefined };
  if (status.expected_seconds && status.expected_seconds !== metadata.expectedSeconds) {
    next = { ...next, expectedSeconds: status.expected_seconds };
  }
  return next;
}

/**
 * The AI Generation Queue of SPEC 4.1 as an external store: jobs, which of them are
 * polled, and the panel's minimised flag, saved to local storage on every change and
 * restored (with polling resumed for queued and processing jobs) when created.
 */
export function createQueueStore({ storage, key }: { storage: Storage | null; key: string }) {
  const restored = restore(storage, key);
  let snapshot: QueueSnapshot = {
    jobs: restored.jobs,
    polling: new Set(restored.jobs.filter((j) => isActive(j.state)).map((j) => j.id)),
    minimised: restored.minimised,
  };
  const listeners = new Set<() => void>();
  const eventListeners: Record<QueueEvent, Set<JobListener>> = { completed: new Set(), finished: new Set() };
  const timers = new Set<ReturnType<typeof setTimeout>>();

  function persist() {
    try {
      const data: Persisted = { version: 1, jobs: [...snapshot.jobs], minimised: snapshot.minimised };
      storage?.setItem(key, JSON.stringify(data));
    } catch (error) {
      console.warn('The generation queue could not be saved', error);
    }
  }

  function commit(next: Partial<QueueSnapshot>) {
    const wasRunning = snapshot.jobs.some((j) => isActive(j.state));
    snapshot = { ...snapshot, ...next };
    // The last running job just ended: the panel folds into its button, out of the page's way.
    if (wasRunning && !snapshot.jobs.some((j) => isActive(j.state))) snapshot = { ...snapshot, minimised: true };
    persist();
    for (const listener of listeners) listener();
  }

  function emit(event: QueueEvent, job: QueueJob) {
    for (const listener of eventListeners[event]) {
      try {
        listener(job);
      } catch (error) {
        console.error(`A queue ${event} listener failed`, error);
      }
    }
  }

  function withoutPolling(id: string): Set<string> {
    const polling = new Set(snapshot.polling);
    polling.delete(id);
    return polling;
  }

  function updateJob(id: string, change: (job: QueueJob) => QueueJob) {
    return snapshot.jobs.map((j) => (j.id === id ? change(j) : j));
  }

  function uniqueTempId(): string {
    const base = `${TEMP_ID_PREFIX}${Date.now()}`;
    let id = base;
    for (let n = 1; snapshot.jobs.some((j) => j.id === id); n += 1) id = `${base}-${n}`;
    return id;
  }

  const store = {
    getSnapshot: (): QueueSnapshot => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    on(event: QueueEvent, listener: JobListener): () => void {
      eventListeners[event].add(listener);
      return () => eventListeners[event].delete(listener);
    },
    getJob: (id: string): QueueJob | undefined => snapshot.jobs.find((j) => j.id === id),

    /** Adds a job under a temporary id; it is not polled. Returns that id. */
    addTemporary(draft: NewQueueJob): string {
      const id = uniqueTempId();
      const job: QueueJob = {
        ...draft,
        id,
        state: 'queued',
        progress: 0,
        currentStep: QUEUED_STEP,
        createdAt: new Date().toISOString(),
        completedAt: null,
        videoUrl: null,
        subtitleUrl: null,
        smartTitle: null,
        error: null,
      };
      commit({ jobs: [job, ...snapshot.jobs] });
      return id;
    },

    /** Replaces a temporary id with the server's; polling starts 100 ms later. */
    swapId(tempId: string, realId: string) {
      // The server may answer with a job the queue already follows (a lesson whose video
      // is on the way): the temporary entry then goes, and the existing one stays.
      if (store.getJob(realId)) {
        commit({ jobs: snapshot.jobs.filter((j) => j.id !== tempId) });
        return;
      }
      commit({ jobs: updateJob(tempId, (j) => ({ ...j, id: realId })) });
      const timer = setTimeout(() => {
        timers.delete(timer);
        const job = store.getJob(realId);
        if (job && isActive(job.state)) commit({ polling: new Set(snapshot.polling).add(realId) });
      }, ID_SWAP_POLL_DELAY_MS);
      timers.add(timer);
    },

    /**
     * SPEC 4.1: add with a temporary id, start, swap in the real id. A failed start
     * removes the temporary job and rethrows.
     */
    async start(draft: NewQueueJob, startRequest: () => Promise<{ job_id: string }>): Promise<string> {
      const tempId = store.addTemporary(draft);
      let jobId: string;
      try {
        jobId = (await startRequest()).job_id;
      } catch (error) {
        commit({ jobs: snapshot.jobs.filter((j) => j.id !== tempId) });
        throw error;
      }
      store.swapId(tempId, jobId);
      return jobId;
    },

    /**
     * SPEC 4.1 for several jobs started by one request (a batch of lessons): each gets a
     * temporary id; the answer's ids replace them in order; a failed start removes them all
     * and rethrows.
     */
    async startMany(drafts: NewQueueJob[], startRequest: () => Promise<{ job_ids: string[] }>): Promise<string[]> {
      // Added last first, so that the panel (newest on top) lists them in order.
      const tempIds = [...drafts]
        .reverse()
        .map((draft) => store.addTemporary(draft))
        .reverse();
      let jobIds: string[];
      try {
        jobIds = (await startRequest()).job_ids;
      } catch (error) {
        commit({ jobs: snapshot.jobs.filter((j) => !tempIds.includes(j.id)) });
        throw error;
      }
      tempIds.forEach((tempId, i) => {
        const realId = jobIds[i];
        if (realId) store.swapId(tempId, realId);
      });
      return jobIds;
    },

    /** Folds a server status into the job; a job already final locally is left alone unless forced. */
    applyStatus(id: string, status: JobStatus, { force = false }: { force?: boolean } = {}) {
      const job = store.getJob(id);
      if (!job || (!force && isFinished(job.state))) return;
      const state = mapServerStatus(status.status);
      const final = isFinished(state);
      const next: QueueJob = {
        ...job,
        state,
        progress: state === 'completed' ? 100 : Math.max(0, Math.min(100, Math.round(status.progress || 0))),
        currentStep:
          status.current_step ||
          (state === 'queued' ? QUEUED_STEP : state === 'completed' ? 'Completed' : job.currentStep),
        smartTitle: status.smart_title ?? job.smartTitle,
        metadata: nextMetadata(job.metadata, status),
        videoUrl: status.video_url ?? job.videoUrl,
        subtitleUrl: status.subtitle_url ?? job.subtitleUrl,
        error: state === 'failed' ? status.error || FAILED_FALLBACK : null,
        completedAt: final ? (status.completed_at ?? new Date().toISOString()) : null,
      };
      const unchanged = (Object.keys(next) as (keyof QueueJob)[]).every((k) => next[k] === job[k]);
      if (unchanged && !final) return;
      commit({ jobs: updateJob(id, () => next), polling: final ? withoutPolling(id) : snapshot.polling });
      if (final && next.state !== job.state) {
        if (state === 'completed') emit('completed', next);
        emit('finished', next);
      }
    },

    /** SPEC 4.1: polling stops and the job is cancelled locally. Returns whether it was cancellable. */
    cancel(id: string): boolean {
      const job = store.getJob(id);
      if (!job || !isActive(job.state) || isTempId(id)) return false;
      const next: QueueJob = {
        ...job,
        state: 'cancelled',
        currentStep: cancelledText(job.metadata.credits),
        completedAt: new Date().toISOString(),
      };
      commit({ jobs: updateJob(id, () => next), polling: withoutPolling(id) });
      emit('finished', next);
      return true;
    },

    /** Removal is for completed, failed and cancelled jobs only. */
    remove(id: string) {
      const job = store.getJob(id);
      if (!job || !isFinished(job.state)) return;
      commit({ jobs: snapshot.jobs.filter((j) => j.id !== id) });
    },

    /** 'Clear completed' removes completed, failed and cancelled jobs in one action. */
    clearFinished() {
      commit({ jobs: snapshot.jobs.filter((j) => isActive(j.state)) });
    },

    setMinimised(minimised: boolean) {
      if (minimised !== snapshot.minimised) commit({ minimised });
    },

    /** Stops pending swap timers; subscribers unsubscribe themselves. */
    dispose() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
  return store;
}

export const queueStorageKey = (userId: string) => `lectern:generation-queue:${userId}`;
