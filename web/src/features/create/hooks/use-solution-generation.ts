import { newQueueJob } from '@/lib/queue-job';
import { generateSolution, type SolutionRequest } from '@/features/create/api/generate-solution';
import { generationHook, generationText } from '@/features/create/hooks/use-generation';
import { PROBLEM_COST, buildSolutionRequest, type ProblemForm } from '@/features/create/lib/solution-request';

/** SPEC 4.2's texts for a problem. */
export const SOLUTION_TEXT = generationText('Problem', 'video', {
  initializing: 'Analyzing your problem...',
  ready: 'Problem solved! Ready to watch',
});

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
});
