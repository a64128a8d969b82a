import { startJob } from '@/lib/start-job';
import type { Level } from '@/lib/levels';
import type { Sent } from '@/types/api';
import type { components } from '@/types/openapi';

/** The body of POST /api/video/generate-solution (SPEC 3); the server rejects unknown fields. */
export type SolutionRequest = Sent<components['schemas']['GenerateSolution']> & { detail_level: Level };

export type GenerateSolutionResponse = components['schemas']['Started'];

export function generateSolution(body: SolutionRequest): Promise<GenerateSolutionResponse> {
  return startJob<GenerateSolutionResponse>('/api/video/generate-solution', body);
}
