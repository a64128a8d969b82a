import { startJob } from '@/lib/start-job';
import type { Level } from '@/lib/levels';
import type { Sent } from '@/types/api';
import type { components } from '@/types/openapi';

/**
 * The body of POST /api/video/generate (SPEC 3), the level as a number; the server rejects unknown fields.
 * A previewed storyboard (and the dry run it came from) is sent by the storyboard editor, not by this form.
 * `source_ids`: the learner's documents the video is written from (issue 50); empty for none.
 */
export type VideoRequest = Sent<Omit<components['schemas']['GenerateVideo'], 'storyboard' | 'preview_job_id'>, 'subtitle_style'> & {
  level: Level;
};

export type GenerateVideoResponse = components['schemas']['Started'];

export function generateVideo(body: VideoRequest): Promise<GenerateVideoResponse> {
  return startJob<GenerateVideoResponse>('/api/video/generate', body);
}
