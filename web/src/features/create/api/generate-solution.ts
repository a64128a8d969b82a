import { api } from '@/lib/api-client';

/** The body of POST /api/video/generate-solution (SPEC 3); the server rejects unknown fields. */
export type SolutionRequest = {
  user_id: string;
  problem_text: string;
  subject: string;
  problem_type: string;
  detail_level: 1 | 2 | 3;
  video_duration: number;
  show_work: boolean;
  is_global: boolean;
  dry_run: false;
};

export type GenerateSolutionResponse = { job_id: string; status: string; cost: number; title: string };

export function generateSolution(body: SolutionRequest): Promise<GenerateSolutionResponse> {
  return api.post<GenerateSolutionResponse>('/api/video/generate-solution', body).then((res) => {
    if (!res || typeof res.job_id !== 'string' || !res.job_id) throw new Error('No job ID returned from API');
    return res;
  });
}
