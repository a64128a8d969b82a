import { api } from '@/lib/api-client';
import type { components } from '@/types/openapi';

/** How Lectern reads a problem (POST /api/problems/read): free, nothing is charged. */
export type ProblemReading = components['schemas']['ProblemReading'];

type ReadProblemBody = components['schemas']['ReadProblem'];

export function readProblem(problemText: string, signal?: AbortSignal): Promise<ProblemReading> {
  const body: ReadProblemBody = { problem_text: problemText };
  return api.post<ProblemReading>('/api/problems/read', body, { signal, timeoutMs: 15_000 });
}
