import { useQueryClient } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import type { QueueJob } from '@/types/queue';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { creditsQueryKey } from '@/features/credits/api/get-credits';
import { exploreRootKey } from '@/features/explore/api/get-explore';
import { refreshLibraryAfterCompletion } from '@/features/library/api/refresh-library';
import { GenerationQueueProvider } from '@/features/queue/components/generation-queue-provider';

/** Composes the generation queue with what a finished job changes: the balance and the library. */
export function GenerationQueueSlot({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const queryClient = useQueryClient();
  const uid = status === 'signed-in' && user ? user.uid : null;

  const onJobFinished = useCallback(
    (job: QueueJob) => {
      if (!uid) return;
      // A failed or cancelled job is refunded; a completed one changes the stats.
      void queryClient.invalidateQueries({ queryKey: creditsQueryKey(uid) });
      // SPEC 4.1: then the explore data is reloaded too.
      if (job.state === 'completed') {
        void refreshLibraryAfterCompletion(queryClient, uid, job.id).then(() =>
          queryClient.invalidateQueries({ queryKey: exploreRootKey }),
        );
      }
    },
    [queryClient, uid],
  );

  const onCreditsChanged = useCallback(() => {
    if (uid) void queryClient.invalidateQueries({ queryKey: creditsQueryKey(uid) });
  }, [queryClient, uid]);

  return (
    <GenerationQueueProvider userId={uid} onJobFinished={onJobFinished} onCreditsChanged={onCreditsChanged}>
      {children}
    </GenerationQueueProvider>
  );
}
