import { startJob } from '@/lib/start-job';
import type { VideoOrder } from '@/lib/video-order';
import type { components } from '@/types/openapi';
import type { GenerateVideo, Storyboard } from '@/features/editor/api/contract';

export type RenderStarted = components['schemas']['Started'];

/** The create form's request for `order`, as it sends it (SPEC 3), with or without a dry run. */
export function orderRequest(order: VideoOrder, userId: string, dryRun: boolean): GenerateVideo {
  return {
    user_id: userId,
    topic: order.topic,
    level: order.level,
    duration: order.duration,
    enable_subtitles: order.subtitles,
    subtitle_style: order.subtitles ? 'modern' : null,
    wpm: order.wpm,
    dry_run: dryRun,
  };
}

/**
 * POST /api/video/generate with the checked storyboard: the video is rendered from it, not written again.
 * `previewJobId` is the dry run it was previewed from: the solver's check marks stay on the scenes left unchanged.
 */
export function renderStoryboard(order: VideoOrder, userId: string, storyboard: Storyboard, previewJobId: string): Promise<RenderStarted> {
  return startJob<RenderStarted>('/api/video/generate', {
    ...orderRequest(order, userId, false),
    storyboard,
    preview_job_id: previewJobId,
  } satisfies GenerateVideo);
}
