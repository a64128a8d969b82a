import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { toast } from '@/components/ui/toast-store';
import { GenerationQueueContext, type GenerationQueue } from '@/hooks/use-generation-queue';
import { ApiError } from '@/lib/api-client';
import { jobStatusQueryKey, getJobStatus } from '@/lib/job-status';
import { cancelledText } from '@/lib/queue-job';
import { ellipsize } from '@/lib/text';
import type { QueueJob } from '@/types/queue';
import { cancelJob } from '@/features/queue/api/cancel-job';
import { JobPoller } from '@/features/queue/components/job-poller';
import { createQueueStore, queueStorageKey } from '@/features/queue/lib/queue-store';

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

type GenerationQueueProviderProps = {
  /** Without a signed-in user the queue is empty and kept nowhere. */
  userId: string | null;
  /** Runs after a job completes, fails or is cancelled (credits and library refresh). */
  onJobFinished?: (job: QueueJob) => void;
  /** Runs once the server has settled a job's credits (a cancel's refund), to refresh the balance. */
  onCreditsChanged?: () => void;
  children: ReactNode;
};

/** The queue of SPEC 4.1 for the signed-in user and its pollers; the layout places QueueToggle and QueuePanel. */
export function GenerationQueueProvider({ userId, onJobFinished, onCreditsChanged, children }: GenerationQueueProviderProps) {
  const queryClient = useQueryClient();
  const store = useMemo(
    () => createQueueStore({ storage: userId ? browserStorage() : null, key: queueStorageKey(userId ?? 'anonymous') }),
    [userId],
  );
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const finishedRef = useRef(onJobFinished);
  finishedRef.current = onJobFinished;
  const creditsRef = useRef(onCreditsChanged);
  creditsRef.current = onCreditsChanged;

  useEffect(() => {
    const offCompleted = store.on('completed', (job) => {
      const name = ellipsize(job.smartTitle || job.title, 60);
      toast.success(
        job.type === 'course'
          ? `“${name}” is ready.`
          : `“${name}” is ready to watch${job.metadata.writer === 'offline_draft' ? ' (offline draft)' : ''}.`,
      );
    });
    const offFinished = store.on('finished', (job) => {
      if (job.state === 'failed') {
        toast.error(`“${ellipsize(job.title, 60)}” could not be generated: ${job.error ?? 'Generation failed'}`);
      }
      finishedRef.current?.(job);
    });
    return () => {
      offCompleted();
      offFinished();
      store.dispose();
    };
  }, [store]);

  const value = useMemo<GenerationQueue>(
    () => ({
      store,
      async cancel(jobId) {
        if (!store.cancel(jobId)) return;
        try {
          const status = await cancelJob(jobId);
          queryClient.setQueryData(jobStatusQueryKey(jobId), status);
          toast.info(cancelledText(typeof status.cost === 'number' ? status.cost : store.getJob(jobId)?.metadata.credits));
        } catch (error) {
          // 409: the job finished before the cancel arrived; show what really happened.
          if (error instanceof ApiError && error.status === 409) {
            const status = await getJobStatus(jobId).catch(() => null);
            if (status) store.applyStatus(jobId, status, { force: true });
          } else {
            console.error('Cancelling the job on the server failed', error);
            toast.error('The server could not be told to cancel this job. It may still finish.');
          }
        } finally {
          // The refund is written with the cancel: the balance in the navigation follows at once.
          creditsRef.current?.();
        }
      },
    }),
    [store, queryClient],
  );

  return (
    <GenerationQueueContext.Provider value={value}>
      {children}
      {[...snapshot.polling].map((id) => (
        <JobPoller key={id} jobId={id} store={store} />
      ))}
    </GenerationQueueContext.Provider>
  );
}
