import { createContext, useContext, useSyncExternalStore } from 'react';
import type { NewQueueJob, QueueEvent, QueueJob, QueueSnapshot } from '@/types/queue';

/**
 * The AI Generation Queue as the rest of the app uses it: the create screens and the course
 * page start jobs and follow them, the queue's own panel shows and folds them. The queue
 * feature's store implements it and its provider supplies it.
 */
export type GenerationQueueStore = {
  getSnapshot: () => QueueSnapshot;
  subscribe: (listener: () => void) => () => void;
  on: (event: QueueEvent, listener: (job: QueueJob) => void) => () => void;
  getJob: (id: string) => QueueJob | undefined;
  /** Adds the job, sends the start request and follows the job under the id it answers. */
  start: (draft: NewQueueJob, startRequest: () => Promise<{ job_id: string }>) => Promise<string>;
  /** The same for several jobs started by one request. */
  startMany: (drafts: NewQueueJob[], startRequest: () => Promise<{ job_ids: string[] }>) => Promise<string[]>;
  remove: (id: string) => void;
  clearFinished: () => void;
  setMinimised: (minimised: boolean) => void;
};

export type GenerationQueue = {
  store: GenerationQueueStore;
  /** Cancels locally (polling stops at once) and asks the server to cancel. */
  cancel: (jobId: string) => Promise<void>;
};

export const GenerationQueueContext = createContext<GenerationQueue | null>(null);

export function useGenerationQueue(): GenerationQueue {
  const value = useContext(GenerationQueueContext);
  if (value === null) throw new Error('useGenerationQueue must be used inside <GenerationQueueProvider>');
  return value;
}

export function useQueueSnapshot(): QueueSnapshot {
  const { store } = useGenerationQueue();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
