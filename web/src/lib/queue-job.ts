import type { NewQueueJob, QueueJob } from '@/types/queue';

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

/** What a screen hands the queue for a new job of `source`'s kind, titled as SPEC 5 says. */
export function newQueueJob(source: TitleSource, metadata: QueueJob['metadata']): NewQueueJob {
  return { type: source.type, title: queueItemTitle(source), metadata };
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
