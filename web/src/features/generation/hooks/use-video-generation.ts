import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { ApiError } from '@/lib/api-client';
import { generateVideo, type VideoRequest } from '@/features/generation/api/generate-video';
import { useGenerationQueue } from '@/features/generation/hooks/use-generation-queue';
import { queueItemTitle, type QueueJob } from '@/features/generation/lib/queue-rules';
import { buildVideoRequest, videoCost, type LessonForm } from '@/features/generation/lib/video-request';

/** SPEC 4.2 / 9: warnings at about 30 s and 2 minutes, and a 15-minute limit. */
export const SLOW_WARNING_MS = 30_000;
export const VERY_SLOW_WARNING_MS = 120_000;
export const GENERATION_TIMEOUT_MS = 15 * 60_000;

export const GENERATION_TEXT = {
  initializing: 'Initializing...',
  ready: 'Video ready for download!',
  slow: 'Generation taking longer than expected (30s), but continuing...',
  verySlow: 'Generation taking much longer than expected (2min)...',
  timedOut: 'Video generation timed out after 15 minutes. The video might still be processing.',
  failed: 'Video generation failed',
  cancelled: 'Generation was cancelled.',
  unknown: 'Unknown error occurred',
} as const;

export type GenerationPhase = 'idle' | 'generating' | 'completed' | 'failed';

export type VideoGeneration = {
  phase: GenerationPhase;
  progress: number;
  step: string;
  error: string | null;
  warning: string | null;
  /** The server answered 402: the balance is short. */
  needsCredits: boolean;
  /** True once the start request succeeded (SPEC 4.2's isQueued). */
  isQueued: boolean;
  jobId: string | null;
  job: QueueJob | null;
  request: VideoRequest | null;
  start: (form: LessonForm) => Promise<void>;
  reset: () => void;
};

type Run = { startedAt: number; request: VideoRequest; jobId: string | null; error: string | null; errorStatus?: number };

function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || GENERATION_TEXT.unknown;
  return GENERATION_TEXT.unknown;
}

/** The create screen's view of one generation (SPEC 4.2), following its job in the queue. */
export function useVideoGeneration(userId: string | null | undefined): VideoGeneration {
  const { store } = useGenerationQueue();
  const [run, setRun] = useState<Run | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);

  const jobId = run?.jobId ?? null;
  const getJob = useCallback(() => (jobId ? (store.getJob(jobId) ?? null) : null), [store, jobId]);
  const job = useSyncExternalStore(store.subscribe, getJob, getJob);

  let phase: GenerationPhase = 'idle';
  let error: string | null = startError;
  let progress = 0;
  let step = '';
  if (error) phase = 'failed';
  else if (run) {
    if (run.error) {
      phase = 'failed';
      error = run.error;
    } else if (job?.state === 'completed') {
      phase = 'completed';
      progress = 100;
      step = GENERATION_TEXT.ready;
    } else if (job?.state === 'failed') {
      phase = 'failed';
      error = job.error || GENERATION_TEXT.failed;
    } else if (job?.state === 'cancelled') {
      phase = 'failed';
      error = GENERATION_TEXT.cancelled;
    } else {
      phase = 'generating';
      progress = job?.progress ?? 0;
      step = jobId && job ? job.currentStep : GENERATION_TEXT.initializing;
    }
  }

  const generating = phase === 'generating';
  const startedAt = run?.startedAt;
  useEffect(() => {
    if (!generating || startedAt === undefined) return undefined;
    const elapsed = Date.now() - startedAt;
    const timers = [
      setTimeout(() => setWarning(GENERATION_TEXT.slow), Math.max(0, SLOW_WARNING_MS - elapsed)),
      setTimeout(() => setWarning(GENERATION_TEXT.verySlow), Math.max(0, VERY_SLOW_WARNING_MS - elapsed)),
      setTimeout(() => {
        console.warn('15 minute timeout reached');
        setRun((r) => (r && r.startedAt === startedAt ? { ...r, error: GENERATION_TEXT.timedOut } : r));
      }, Math.max(0, GENERATION_TIMEOUT_MS - elapsed)),
    ];
    return () => timers.forEach(clearTimeout);
  }, [generating, startedAt]);

  const start = useCallback(
    async (form: LessonForm) => {
      setWarning(null);
      setStartError(null);
      let request: VideoRequest;
      try {
        request = buildVideoRequest(form, userId);
      } catch (e) {
        setRun(null);
        setStartError(errorMessage(e));
        return;
      }
      const startedAt = Date.now();
      setRun({ startedAt, request, jobId: null, error: null });
      try {
        const id = await store.start(
          {
            type: 'video',
            title: queueItemTitle({ type: 'video', topic: request.topic }),
            metadata: { duration: request.duration, level: request.level, credits: videoCost(request.duration) },
            request,
          },
          () => generateVideo(request),
        );
        setRun((r) => (r && r.startedAt === startedAt ? { ...r, jobId: id } : r));
      } catch (e) {
        console.error('Video generation could not start', e);
        const errorStatus = e instanceof ApiError ? e.status : undefined;
        setRun((r) => (r && r.startedAt === startedAt ? { ...r, error: errorMessage(e), errorStatus } : r));
      }
    },
    [store, userId],
  );

  const reset = useCallback(() => {
    setRun(null);
    setWarning(null);
    setStartError(null);
  }, []);

  return {
    phase,
    progress,
    step,
    error,
    warning: generating ? warning : null,
    needsCredits: phase === 'failed' && run?.errorStatus === 402,
    isQueued: jobId !== null,
    jobId,
    job,
    request: run?.request ?? null,
    start,
    reset,
  };
}
