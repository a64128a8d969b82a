import type { VideoRequest } from '@/features/generation/api/generate-video';
import type { WriterKind } from '@/features/generation/lib/writer-rules';

export type QueueJobType = 'video' | 'problem' | 'course' | 'course_video';
export type QueueJobState = 'queued' | 'processing' | 'completed' | 'failed' | 'cancelled';

/** SPEC 3's queue job, kept in local storage. */
export type QueueJob = {
  id: string;
  type: QueueJobType;
  title: string;
  state: QueueJobState;
  progress: number;
  currentStep: string;
  createdAt: string;
  completedAt: string | null;
  metadata: {
    duration?: number;
    level?: number;
    credits?: number;
    subject?: string;
    courseId?: string;
    lessonIndex?: number;
    backgroundKnowledge?: string;
    detailLevel?: number;
    /** Who was going to write the script when the job was ordered (see writer-rules). */
    writer?: WriterKind;
  };
  videoUrl: string | null;
  subtitleUrl: string | null;
  smartTitle: string | null;
  error: string | null;
  /** The request that started a video: the form data the auto-save to history needs. */
  request?: VideoRequest;
};

export const TEMP_ID_PREFIX = 'temp-';
export const QUEUED_STEP = 'Queued for processing...';
export const FAILED_FALLBACK = 'Generation failed';

export const isTempId = (id: string): boolean => id.startsWith(TEMP_ID_PREFIX);

/** SPEC 4.1: completed, failed and queued map to themselves; anything else is processing. */
export function mapServerStatus(status: string): QueueJobState {
  switch (status) {
    case 'completed':
    case 'failed':
    case 'queued':
      return status;
    // The server can also report a cancel made elsewhere (another tab); treating it as
    // processing would poll a job that never moves again.
    case 'cancelled':
      return 'cancelled';
    default:
      return 'processing';
  }
}

export const isActive = (state: QueueJobState): boolean => state === 'queued' || state === 'processing';
export const isFinished = (state: QueueJobState): boolean => !isActive(state);
/** Completed and failed end polling (SPEC 4.1); so does a cancel. */
export const isFinalServerStatus = (status: string): boolean => isFinished(mapServerStatus(status));

export const canCancel = (job: QueueJob): boolean => isActive(job.state) && !isTempId(job.id);
export const canRemove = (job: QueueJob): boolean => isFinished(job.state);

export type TitleSource =
  | { type: 'video'; topic?: string | null }
  | { type: 'problem'; text?: string | null }
  | { type: 'course'; goal?: string | null }
  | { type: 'course_video'; title?: string | null; index: number };

/** SPEC 5 queue item titles. */
export function queueItemTitle(source: TitleSource): string {
  switch (source.type) {
    case 'video':
      return source.topic?.trim() || 'Untitled Video';
    case 'problem':
      return source.text?.trim().slice(0, 100) || 'Problem Solution';
    case 'course':
      return source.goal?.trim() || 'New Course';
    case 'course_video':
      return source.title?.trim() || `Lesson ${source.index + 1}`;
  }
}

export const creditCount = (n: number): string => `${n} ${n === 1 ? 'credit' : 'credits'}`;

/** What a cancel cost the user, in the neutral words the queue and the create screen both use. */
export function cancelledText(credits: number | undefined): string {
  if (credits === undefined) return 'Cancelled, any credits it used were refunded';
  if (credits <= 0) return 'Cancelled, nothing was charged';
  return `Cancelled, ${creditCount(credits)} refunded`;
}

/** The line a finished job shows under its title (issue 19: say what the user can do now). */
export function finishedText(job: Pick<QueueJob, 'type' | 'state' | 'metadata' | 'currentStep'>): string {
  if (job.state === 'cancelled') return job.currentStep.startsWith('Cancelled,') ? job.currentStep : cancelledText(job.metadata.credits);
  if (job.state !== 'completed') return job.currentStep;
  if (job.type === 'course') return job.metadata.writer === 'offline_draft' ? 'Course outline ready (offline draft)' : 'Course ready';
  return job.metadata.writer === 'offline_draft' ? 'Ready to watch (offline draft)' : 'Ready to watch';
}

export const stateLabels: Record<QueueJobState, string> = {
  queued: 'Queued',
  processing: 'Processing',
  completed: 'Ready',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
