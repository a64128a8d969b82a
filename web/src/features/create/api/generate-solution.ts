import { startJob } from '@/lib/start-job';
import type { Level } from '@/lib/levels';
import type { Sent } from '@/types/api';
import type { components } from '@/types/openapi';

/**
 * The body of POST /api/video/generate-solution (SPEC 3); the server rejects unknown fields.
 * `reading` is sent only when the student confirmed a reading that rewrote their words;
 * `source_ids`: the student's worksheets whose numbered exercises the words may name (issue 50), empty for none.
 */
export type SolutionRequest = Sent<Omit<components['schemas']['GenerateSolution'], 'reading'>> & { detail_level: Level; reading?: string };

export type GenerateSolutionResponse = components['schemas']['Started'];

export function generateSolution(body: SolutionRequest): Promise<GenerateSolutionResponse> {
  return startJob<GenerateSolutionResponse>('/api/video/generate-solution', body);
}
