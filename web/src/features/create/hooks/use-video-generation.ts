import { queueItemTitle } from '@/lib/queue-job';
import { generateVideo, type VideoRequest } from '@/features/create/api/generate-video';
import {
  GENERATION_TIMEOUT_MS,
  SLOW_WARNING_MS,
  VERY_SLOW_WARNING_MS,
  WARNING_TEXT,
  useGeneration,
  type Generation,
  type GenerationKind,
  type GenerationPhase,
} from '@/features/create/hooks/use-generation';
import { buildVideoRequest, videoCost, type LessonForm } from '@/features/create/lib/video-request';

export { GENERATION_TIMEOUT_MS, SLOW_WARNING_MS, VERY_SLOW_WARNING_MS, type GenerationPhase };

export const GENERATION_TEXT = {
  initializing: 'Initializing...',
  ready: 'Ready to watch',
  slow: WARNING_TEXT.slow,
  verySlow: WARNING_TEXT.verySlow,
  timedOut: 'Video generation timed out after 15 minutes. The video might still be processing.',
  failed: 'Video generation failed',
  cancelled: WARNING_TEXT.cancelled,
  unknown: WARNING_TEXT.unknown,
} as const;

export type VideoGeneration = Generation<LessonForm, VideoRequest>;

const videoKind: GenerationKind<LessonForm, VideoRequest> = {
  build: buildVideoRequest,
  queueEntry: (request) => ({
    type: 'video',
    title: queueItemTitle({ type: 'video', topic: request.topic }),
    metadata: { duration: request.duration, level: request.level, credits: videoCost(request.duration) },
  }),
  send: generateVideo,
  text: GENERATION_TEXT,
  label: 'Video generation',
};

/** The create-lesson screen's view of one video generation (SPEC 4.2). */
export function useVideoGeneration(userId: string | null | undefined): VideoGeneration {
  return useGeneration(userId, videoKind);
}
