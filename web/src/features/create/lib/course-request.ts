import { normaliseLevel, type Level, type LevelOption } from '@/lib/levels';
import { limits } from '@/types/limits';
import type { CourseRequest } from '@/features/create/api/generate-course';

/** How deep a course goes; the server plans about this many lessons at each level. */
export const COURSE_DETAIL_LEVELS: LevelOption[] = [
  { value: 1, label: 'Overview', hint: 'About 4 short lessons' },
  { value: 2, label: 'Standard', hint: 'About 5 lessons' },
  { value: 3, label: 'In depth', hint: 'About 7 longer lessons' },
];

/**
 * The same levels for a course from documents: their sections decide how many lessons, and
 * the level how long each lesson's video is (the server's `lesson_minutes`).
 */
export const COURSE_DETAIL_LEVELS_FROM_SOURCES: LevelOption[] = [
  { value: 1, label: 'Overview', hint: 'Short lesson videos, about 3 minutes' },
  { value: 2, label: 'Standard', hint: 'Lesson videos of about 4 minutes' },
  { value: 3, label: 'In depth', hint: 'Longer lesson videos, about 5 minutes' },
];

/** The API's limits (src/types/limits.ts, written from the Rust that checks requests). */
export const DEFAULT_COURSE_DETAIL_LEVEL: Level = limits.course.detailLevel.default;
/** SPEC 9: a course costs 3 credits; the videos of its lessons then cost nothing. */
export const COURSE_COST = limits.credits.course;
export const MIN_GOAL_LENGTH = limits.course.goalMinChars;
export const MAX_GOAL_LENGTH = limits.course.goalMaxChars;
export const MAX_BACKGROUND_LENGTH = limits.course.backgroundMaxChars;

export const USER_ID_REQUIRED_FOR_COURSES = 'User ID is required for course generation';

export type CourseForm = {
  goal: string;
  backgroundKnowledge?: string;
  detailLevel?: number | string;
  /** The ids of the learner's documents the course follows (issue 50), in the order chosen. */
  sources?: string[];
};

/** A detail level outside 1 to 3 becomes 2, as elsewhere (SPEC 5). */
export function normaliseCourseDetailLevel(input: unknown): Level {
  return normaliseLevel(input, DEFAULT_COURSE_DETAIL_LEVEL);
}

/** What is wrong with a goal, or null. */
export function goalProblem(goal: string): string | null {
  const length = goal.trim().length;
  if (length === 0) return 'Describe what you want to learn.';
  if (length < MIN_GOAL_LENGTH) return `A learning goal needs at least ${MIN_GOAL_LENGTH} characters.`;
  if (length > MAX_GOAL_LENGTH) return `A learning goal has at most ${MAX_GOAL_LENGTH} characters.`;
  return null;
}

/** The request body of POST /api/generate-course: the course form plus user_id. */
export function buildCourseRequest(form: CourseForm, userId: string | null | undefined): CourseRequest {
  if (!userId) throw new Error(USER_ID_REQUIRED_FOR_COURSES);
  return {
    user_id: userId,
    goal: form.goal.trim(),
    backgroundKnowledge: (form.backgroundKnowledge ?? '').trim(),
    detailLevel: normaliseCourseDetailLevel(form.detailLevel),
    source_ids: [...new Set(form.sources ?? [])],
  };
}
