import { ApiError, api } from '@/lib/api-client';

/** SPEC 8: what starting a job fails with when the server's answer names no job. */
export const NO_JOB_ID = 'No job ID returned from API';

const hasJobId = (answer: unknown): boolean => {
  const id = (answer as { job_id?: unknown } | null | undefined)?.job_id;
  return typeof id === 'string' && id !== '';
};

type StartJobOptions<T> = {
  /** Whether the answer names the job (or jobs) it started; by default, a non-empty `job_id`. */
  started?: (answer: T) => boolean;
  /** The message an API error is thrown again with (its status and body kept); null: the error as it is. */
  failure?: (error: ApiError) => string | null;
};

/**
 * POSTs a request that starts one or more jobs (a video, a solution, a course, lesson videos).
 * An answer that names no job fails with NO_JOB_ID.
 */
export function startJob<T>(path: string, body: unknown, { started = hasJobId, failure }: StartJobOptions<T> = {}): Promise<T> {
  return api.post<T>(path, body).then(
    (answer) => {
      if (!started(answer)) throw new Error(NO_JOB_ID);
      return answer;
    },
    (error: unknown) => {
      const message = error instanceof ApiError ? (failure?.(error) ?? null) : null;
      if (message === null || !(error instanceof ApiError)) throw error;
      throw new ApiError(message, error.status, error.statusText, error.body);
    },
  );
}
