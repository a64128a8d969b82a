import { createContext, useContext, useSyncExternalStore } from 'react';
import type { QueueSnapshot, QueueStore } from '@/features/generation/lib/queue-store';

export type GenerationQueue = {
  store: QueueStore;
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
