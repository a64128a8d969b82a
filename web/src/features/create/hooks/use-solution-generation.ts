import { extractErrorMessage, refusalType, type ApiError } from '@/lib/api-client';
import { newQueueJob } from '@/lib/queue-job';
import { limits } from '@/types/limits';
import { generateSolution, type SolutionRequest } from '@/features/create/api/generate-solution';
import { SOURCES_REFUSED, generationHook, generationText } from '@/features/create/hooks/use-generation';
import { PROBLEM_COST, buildSolutionRequest, type ProblemForm } from '@/features/create/lib/solution-request';

/** SPEC 4.2's texts for a problem. */
export const SOLUTION_TEXT = generationText('Problem', 'video', {
  initializing: 'Analyzing your problem...',
  ready: 'Problem solved! Ready to watch',
});

/**
 * A 422 on `source_ids` in plain words: a chosen worksheet is no longer the student's, or too
 * many were chosen; anything else in the server's own words.
 */
export function solutionSourcesRefusal(error: ApiError): string {
  switch (refusalType(error)) {
    case 'not_found':
      return SOURCES_REFUSED;
    case 'too_long':
      return `Choose at most ${limits.video.maxSources} documents for one solution.`;
    default:
      return extractErrorMessage(error.body, error.status, error.statusText);
  }
}

/** The create-problem screen's view of one solution (SPEC 4.2). */
export const useSolutionGeneration = generationHook<ProblemForm, SolutionRequest>({
  build: buildSolutionRequest,
  queueEntry: (request) =>
    newQueueJob(
      { type: 'problem', text: request.problem_text },
      { duration: request.video_duration, credits: PROBLEM_COST, subject: request.subject, detailLevel: request.detail_level },
    ),
  send: generateSolution,
  text: SOLUTION_TEXT,
  label: 'Problem solving',
  // A refusal of `problem_text` (an exercise the worksheet does not hold, one too long to be a
  // problem, words Lectern cannot solve) is the server's own words, which say what to do; the
  // form shows it by the problem's box.
  refusals: { source_ids: solutionSourcesRefusal },
});
