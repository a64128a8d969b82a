import type { components } from '@/types/openapi';
import type { WriterKind } from '@/types/writer';

/** The API's job kinds and states (`JobKind`, `JobState` in its document). */
export type QueueJobType = components['schemas']['JobKind'];
export type QueueJobState = components['schemas']['JobState'];

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
    /** Who was going to write the script when the job was ordered. */
    writer?: WriterKind;
    /** How long a job like this usually takes, in seconds (the server's `expected_seconds`). */
    expectedSeconds?: number;
  };
  videoUrl: string | null;
  subtitleUrl: string | null;
  smartTitle: string | null;
  error: string | null;
};

/** What a screen hands the queue when it starts a job; the queue fills in the rest. */
export type NewQueueJob = Pick<QueueJob, 'type' | 'title' | 'metadata'>;

export type QueueSnapshot = {
  jobs: readonly QueueJob[];
  /** Ids being polled; a temporary id never is. */
  polling: ReadonlySet<string>;
  minimised: boolean;
};

export type QueueEvent = 'completed' | 'finished';
