import type { QueueJob, QueueJobState } from '@/types/queue';

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

export const stateLabels: Record<QueueJobState, string> = {
  queued: 'Queued',
  processing: 'Processing',
  completed: 'Ready',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
