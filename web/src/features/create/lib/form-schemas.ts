import { z } from 'zod';
import type { Level } from '@/lib/levels';
import { limits } from '@/types/limits';
import { goalProblem } from '@/features/create/lib/course-request';
import { typedTextProblem } from '@/features/create/lib/too-long';

/**
 * What the create forms check before sending, built from the API's own limits
 * (src/types/limits.ts), so that a form refuses what the server would refuse.
 */

type Range = { readonly min: number; readonly max: number };

const wholeNumberIn = ({ min, max }: Range) => z.number().int().min(min).max(max);

/** 1, 2 or 3: a lesson's level, or a solution's or course's detail. */
const level = z.custom<Level>(
  (value) => typeof value === 'number' && Number.isInteger(value) && value >= limits.level.min && value <= limits.level.max,
);

/** Text that must not be blank nor longer than `maxLength` (never cut: issue 19), with only characters the slides draw. */
const requiredText = (maxLength: number, whenBlank: string) =>
  z.string().superRefine((value, ctx) => {
    const problem = value.trim() ? typedTextProblem(value, maxLength) : whenBlank;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const optionalText = (maxLength: number) =>
  z.string().superRefine((value, ctx) => {
    const problem = typedTextProblem(value, maxLength);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const lessonFormSchema = z.object({
  topic: requiredText(limits.video.topicMaxChars, 'Describe the topic your video should explain.'),
  level,
  duration: wholeNumberIn(limits.video.minutes),
  subtitles: z.boolean(),
  wpm: wholeNumberIn(limits.video.wordsPerMinute),
  sources: z
    .array(z.string())
    .max(limits.video.maxSources, `Choose at most ${limits.video.maxSources} documents for one video.`),
});
export type LessonFormValues = z.infer<typeof lessonFormSchema>;

export const problemFormSchema = z.object({
  problem: requiredText(limits.problem.textMaxChars, 'Type or paste the problem to solve.'),
  subject: optionalText(limits.problem.labelMaxChars),
  problemType: optionalText(limits.problem.labelMaxChars),
  detailLevel: level,
  duration: wholeNumberIn(limits.problem.minutes),
  showWork: z.boolean(),
  sources: z
    .array(z.string())
    .max(limits.video.maxSources, `Choose at most ${limits.video.maxSources} documents for one solution.`),
});
export type ProblemFormValues = z.infer<typeof problemFormSchema>;

export const courseFormSchema = z.object({
  goal: z.string().superRefine((value, ctx) => {
    const problem = typedTextProblem(value, limits.course.goalMaxChars) ?? goalProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  backgroundKnowledge: optionalText(limits.course.backgroundMaxChars),
  detailLevel: level,
  sources: z
    .array(z.string())
    .max(limits.video.maxSources, `Choose at most ${limits.video.maxSources} documents for one course.`),
});
export type CourseFormValues = z.infer<typeof courseFormSchema>;
