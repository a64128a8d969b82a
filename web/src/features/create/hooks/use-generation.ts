import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useGenerationQueue } from '@/hooks/use-generation-queue';
import { ApiError, refusedField } from '@/lib/api-client';
import { finishedText } from '@/lib/queue-job';
import type { NewQueueJob, QueueJob } from '@/types/queue';

/**
 * The warnings are measured against the job's expected time, which the server sends with its
 * status (`expected_seconds`: how long recent jobs of its kind took): "taking longer than
 * usual" past 1.5 times it, "much longer" past 3 times it, never before 20 s. The 15-minute
 * limit stays (SPEC 9).
 */
export const SLOW_FACTOR = 1.5;
export const VERY_SLOW_FACTOR = 3;
export const MIN_SLOW_WARNING_MS = 20_000;
export const GENERATION_TIMEOUT_MS = 15 * 60_000;

/** "about 45 seconds", "about 2 minutes": a time as a person says it. */
export function aboutTime(seconds: number): string {
  if (seconds < 90) {
    const s = Math.max(5, Math.round(seconds / 5) * 5);
    return `about ${s} seconds`;
  }
  const minutes = Math.round(seconds / 60);
  return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** When each warning is due, after the start, for a job expected to take `expectedSeconds`. */
export function warningTimes(expectedSeconds: number): { slowMs: number; verySlowMs: number } {
  const expectedMs = expectedSeconds * 1000;
  return {
    slowMs: Math.max(MIN_SLOW_WARNING_MS, expectedMs * SLOW_FACTOR),
    verySlowMs: Math.max(2 * MIN_SLOW_WARNING_MS, expectedMs * VERY_SLOW_FACTOR),
  };
}

export const WARNING_TEXT = {
  slow: (expectedSeconds: number) =>
    `This is taking longer than usual (jobs like it take ${aboutTime(expectedSeconds)}), but it is still going...`,
  verySlow: (expectedSeconds: number) =>
    `This is taking much longer than usual (jobs like it take ${aboutTime(expectedSeconds)}). It is still going; you can leave this page and find it in your queue.`,
  cancelled: 'Generation was cancelled.',
  unknown: 'Unknown error occurred',
} as const;

/**
 * SPEC 4.2's texts of one kind of job: what it says while it starts and once it is ready, and
 * that `name` ("Video") generation failed or timed out, when the `what` ("video") may still be
 * processing.
 */
export function generationText(name: string, what: string, text: { initializing: string; ready: string }) {
  return {
    ...text,
    timedOut: `${name} generation timed out after ${GENERATION_TIMEOUT_MS / 60_000} minutes. The ${what} might still be processing.`,
    failed: `${name} generation failed`,
  };
}

/** A 422 on `source_ids`: a chosen document is not (or no longer) among the learner's sources. */
export const SOURCES_REFUSED =
  "One of the documents you chose can't be used: it is no longer among your sources. Choose the documents again.";

export type GenerationPhase = 'idle' | 'generating' | 'completed' | 'failed' | 'cancelled';

/** What differs between a video and a problem (SPEC 4.2): the request, its queue entry and its texts. */
export type GenerationKind<Form, Request> = {
  build: (form: Form, userId: string | null | undefined) => Request;
  queueEntry: (request: Request) => NewQueueJob;
  send: (request: Request) => Promise<{ job_id: string }>;
  text: { initializing: string; ready: string; failed: string; timedOut: string };
  /** Logged when the start request fails. */
  label: string;
  /**
   * Plain words for a start the server refused (422) on one of these request fields, instead of
   * its own; a function when they depend on the refusal (its `type`, its message).
   */
  refusals?: Readonly<Record<string, string | ((error: ApiError) => string)>>;
};

export type Generation<Form, Request> = {
  phase: GenerationPhase;
  progress: number;
  step: string;
  error: string | null;
  warning: string | null;
  /** The server answered 402: the balance is short. */
  needsCredits: boolean;
  /** The request field the server refused the start on (a 422's first), for the form to point at. */
  refusedField: string | null;
  /** True once the start request succeeded (SPEC 4.2's isQueued). */
  isQueued: boolean;
  jobId: string | null;
  job: QueueJob | null;
  request: Request | null;
  /** `extra` joins the queue entry's metadata (who was going to write it, for one). */
  start: (form: Form, extra?: Partial<QueueJob['metadata']>) => Promise<void>;
  reset: () => void;
};

type Run<Request> = {
  startedAt: number;
  request: Request;
  jobId: string | null;
  error: string | null;
  errorStatus?: number;
  refusedField?: string | null;
};

function errorMessage(error: unknown): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || WARNING_TEXT.unknown;
  return WARNING_TEXT.unknown;
}

/** The create screen's view of one generation (SPEC 4.2), following its job in the queue. */
export function useGeneration<Form, Request>(
  userId: string | null | undefined,
  kind: GenerationKind<Form, Request>,
): Generation<Form, Request> {
  const { store } = useGenerationQueue();
  const [run, setRun] = useState<Run<Request> | null>(null);
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
      step = job.metadata.writer === 'offline_draft' ? `${kind.text.ready} (offline draft)` : kind.text.ready;
    } else if (job?.state === 'failed') {
      phase = 'failed';
      error = job.error || kind.text.failed;
    } else if (job?.state === 'cancelled') {
      // A cancel is the user's own choice, not a failure: the status says so calmly, with the refund.
      phase = 'cancelled';
      step = finishedText(job);
    } else {
      phase = 'generating';
      progress = job?.progress ?? 0;
      step = jobId && job ? job.currentStep : kind.text.initializing;
    }
  }

  const generating = phase === 'generating';
  const startedAt = run?.startedAt;
  const timedOut = kind.text.timedOut;
  useEffect(() => {
    if (!generating || startedAt === undefined) return undefined;
    const elapsed = Date.now() - startedAt;
    const timer = setTimeout(() => {
      console.warn('15 minute timeout reached');
      setRun((r) => (r && r.startedAt === startedAt ? { ...r, error: timedOut } : r));
    }, Math.max(0, GENERATION_TIMEOUT_MS - elapsed));
    return () => clearTimeout(timer);
  }, [generating, startedAt, timedOut]);

  // Until the server said how long a job like this takes, nothing is "longer than usual".
  const expectedSeconds = job?.metadata.expectedSeconds;
  useEffect(() => {
    if (!generating || startedAt === undefined || !expectedSeconds) return undefined;
    const elapsed = Date.now() - startedAt;
    const { slowMs, verySlowMs } = warningTimes(expectedSeconds);
    const timers = [
      setTimeout(() => setWarning(WARNING_TEXT.slow(expectedSeconds)), Math.max(0, slowMs - elapsed)),
      setTimeout(() => setWarning(WARNING_TEXT.verySlow(expectedSeconds)), Math.max(0, verySlowMs - elapsed)),
    ];
    return () => timers.forEach(clearTimeout);
  }, [generating, startedAt, expectedSeconds]);

  const { build, queueEntry, send, label, refusals } = kind;
  const start = useCallback(
    async (form: Form, extra?: Partial<QueueJob['metadata']>) => {
      setWarning(null);
      setStartError(null);
      let request: Request;
      try {
        request = build(form, userId);
      } catch (e) {
        setRun(null);
        setStartError(errorMessage(e));
        return;
      }
      const startedAt = Date.now();
      setRun({ startedAt, request, jobId: null, error: null });
      try {
        const entry = queueEntry(request);
        const draft = extra ? { ...entry, metadata: { ...entry.metadata, ...extra } } : entry;
        const id = await store.start(draft, () => send(request));
        setRun((r) => (r && r.startedAt === startedAt ? { ...r, jobId: id } : r));
      } catch (e) {
        console.error(`${label} could not start`, e);
        const errorStatus = e instanceof ApiError ? e.status : undefined;
        const field = refusedField(e);
        const refusal = field ? refusals?.[field] : undefined;
        const error = (typeof refusal === 'function' ? e instanceof ApiError && refusal(e) : refusal) || errorMessage(e);
        setRun((r) => (r && r.startedAt === startedAt ? { ...r, error, errorStatus, refusedField: field } : r));
      }
    },
    [store, userId, build, queueEntry, send, label, refusals],
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
    refusedField: phase === 'failed' ? (run?.refusedField ?? null) : null,
    isQueued: jobId !== null,
    jobId,
    job,
    request: run?.request ?? null,
    start,
    reset,
  };
}

/** One kind's hook (SPEC 4.2): the create screen's view of one generation of `kind`. */
export function generationHook<Form, Request>(kind: GenerationKind<Form, Request>) {
  return function useKindGeneration(userId: string | null | undefined): Generation<Form, Request> {
    return useGeneration(userId, kind);
  };
}
