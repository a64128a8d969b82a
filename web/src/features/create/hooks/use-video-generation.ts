import { newQueueJob } from '@/lib/queue-job';
import { generateVideo, type VideoRequest } from '@/features/create/api/generate-video';
import {
  GENERATION_TIMEOUT_MS,
  SOURCES_REFUSED,
  WARNING_TEXT,
  generationHook,
  generationText,
  type GenerationPhase,
} from '@/features/create/hooks/use-generation';
import { buildVideoRequest, videoCost, type LessonForm } from '@/features/create/lib/video-request';

export { GENERATION_TIMEOUT_MS, type GenerationPhase };

export const GENERATION_TEXT = {
  ...generationText('Video', 'video', { initializing: 'Initializing...', ready: 'Ready to watch' }),
  ...WARNING_TEXT,
};

/** The create-lesson screen's view of one video generation (SPEC 4.2). */
export const useVideoGeneration = generationHook<LessonForm, VideoRequest>({
  build: buildVideoRequest,
  queueEntry: ({ topic, duration, level }) => newQueueJob({ type: 'video', topic }, { duration, level, credits: videoCost(duration) }),
  send: generateVideo,
  text: GENERATION_TEXT,
  label: 'Video generation',
  refusals: { source_ids: SOURCES_REFUSED },
});
