import type { components } from '@/types/openapi';

/** A finished problem's solution, as the job status reports it: each step with whether a computation checked it. */
export type Solution = NonNullable<components['schemas']['JobStatus']['solution']>;

export type SolutionStep = Solution['steps'][number];
