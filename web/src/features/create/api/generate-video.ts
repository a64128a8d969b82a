import { api } from '@/lib/api-client';
import type { Level } from '@/lib/levels';
import type { Sent } from '@/types/api';
import type { components } from '@/types/openapi';

/** The body of POST /api/video/generate (SPEC 3), the level as a number; the server rejects unknown fields. */
export type VideoRequest = Sent<components['schemas']['GenerateVideo'], 'subtitle_style'> & { level: Level };

export type GenerateVideoResponse = components['schemas']['Started'];

export function generateVideo(body: VideoRequest): Promise<GenerateVideoResponse> {
  return api.post<GenerateVideoResponse>('/api/video/generate', body).then((res) => {
    if (!res || typeof res.job_id !== 'string' || !res.job_id) throw new Error('No job ID returned from API');
    return res;
  });
}
