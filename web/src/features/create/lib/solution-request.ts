import { normaliseLevel, type Level, type LevelOption } from '@/lib/levels';
import type { VideoOrder } from '@/lib/video-order';
import { limits } from '@/types/limits';
import { DEFAULT_LEVEL, DEFAULT_WPM, MAX_TOPIC_LENGTH, wholeMinutes } from '@/features/create/lib/video-request';
import type { SolutionRequest } from '@/features/create/api/generate-solution';

export const DETAIL_LEVELS: LevelOption[] = [
  { value: 1, label: 'Brief', hint: 'The essential steps' },
  { value: 2, label: 'Standard', hint: 'Each step explained' },
  { value: 3, label: 'Thorough', hint: 'Why every rule applies' },
];

/** The API's limits (src/types/limits.ts, written from the Rust that checks requests). */
export const DEFAULT_DETAIL_LEVEL: Level = limits.problem.detailLevel.default;
export const DEFAULT_PROBLEM_MINUTES = limits.problem.minutes.default;
export const MIN_PROBLEM_MINUTES = limits.problem.minutes.min;
export const MAX_PROBLEM_MINUTES = limits.problem.minutes.max;
export const MAX_PROBLEM_LENGTH = limits.problem.textMaxChars;
export const DEFAULT_SUBJECT = 'math';
export const DEFAULT_PROBLEM_TYPE = 'homework';
/** SPEC 9: a problem solution costs 1 credit. */
export const PROBLEM_COST = limits.credits.problem;

export const SUBJECTS = [
  { value: 'math', label: 'Math' },
  { value: 'physics', label: 'Physics' },
  { value: 'chemistry', label: 'Chemistry' },
  { value: 'other', label: 'Other' },
];

export const PROBLEM_TYPES = [
  { value: 'homework', label: 'Homework' },
  { value: 'exam', label: 'Exam practice' },
  { value: 'concept', label: 'Concept check' },
];

export const USER_ID_REQUIRED_FOR_PROBLEMS = 'User ID is required for problem solving';

/** SPEC 5: detail_level outside 1 to 3 becomes 2. */
export function normaliseDetailLevel(input: unknown): Level {
  return normaliseLevel(input, DEFAULT_DETAIL_LEVEL);
}

/** SPEC 5: a duration outside 1 to 10 minutes becomes 3. */
export function normaliseProblemDuration(input: unknown): number {
  return wholeMinutes(input, limits.problem.minutes);
}

export type ProblemForm = {
  problem: string;
  subject?: string;
  problemType?: string;
  detailLevel?: number | string;
  duration?: number | string;
  showWork?: boolean;
  /** The reading the student confirmed, when it rewrote their words: the job solves it. */
  reading?: string;
  /**
   * The ids of the student's worksheets (issue 50), in the order chosen: words that name one of
   * their exercises ("Exercise 3") are solved as the worksheet states it.
   */
  sources?: string[];
};

/** The request body of SPEC 3 with SPEC 5's defaults and mapping applied. */
export function buildSolutionRequest(form: ProblemForm, userId: string | null | undefined): SolutionRequest {
  if (!userId) throw new Error(USER_ID_REQUIRED_FOR_PROBLEMS);
  return {
    user_id: userId,
    problem_text: form.problem.trim(),
    subject: form.subject?.trim() || DEFAULT_SUBJECT,
    problem_type: form.problemType?.trim() || DEFAULT_PROBLEM_TYPE,
    detail_level: normaliseDetailLevel(form.detailLevel),
    video_duration: normaliseProblemDuration(form.duration),
    // SPEC 5: true unless explicitly false.
    show_work: form.showWork !== false,
    is_global: false,
    ...(form.reading?.trim() ? { reading: form.reading.trim() } : {}),
    source_ids: [...new Set(form.sources ?? [])],
    dry_run: false,
  };
}

/**
 * The video a problem's storyboard preview orders: the solution's script rendered as an
 * explainer video (POST /api/video/generate), so the problem is its topic, cut to the topic
 * limit the API accepts (the dry run solved all of it). A solution's detail is no audience
 * level: the video has the default one, the default pace and subtitles.
 */
export function solutionVideoOrder(request: SolutionRequest): VideoOrder {
  // By characters, as the API counts them: a cut never splits a surrogate pair.
  const topic = Array.from(request.problem_text).slice(0, MAX_TOPIC_LENGTH).join('').trimEnd();
  return { topic, level: DEFAULT_LEVEL, duration: request.video_duration, wpm: DEFAULT_WPM, subtitles: true };
}
