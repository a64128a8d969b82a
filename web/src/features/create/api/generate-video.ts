import { api } from '@/lib/api-client';

/** The body of POST /api/video/generate (SPEC 3); the server rejects unknown fields. */
export type VideoRequest = {
  user_id: string;
  topic: string;
  level: 1 | 2 | 3;
  duration: number;
  enable_subtitles: boolean;
  subtitle_style: 'modern' | null;
  wpm: number;
  dry_run: false;
};

export type GenerateVideoResponse = { job_id: string; status: string; cost: number };

export function generateVideo(body: VideoRequest): Promise<GenerateVideoResponse> {
  return api.post<GenerateVideoResponse>('/api/video/generate', body).then((res) => {
    if (!res || typeof res.job_id !== 'string' || !res.job_id) throw new Error('No job ID returned from API');
    return res;
  });
}
