import { describe, expect, it } from 'vitest';
import { limits } from '@/types/limits';
import { courseFormSchema, lessonFormSchema, problemFormSchema } from '@/features/create/lib/form-schemas';

const lesson = { topic: 'Photosynthesis', level: 2, duration: 5, subtitles: true, wpm: 150, sources: [] as string[] };

describe('create form schemas (from the API limits)', () => {
  it("takes the API's speaking pace, 80 to 250 words per minute", () => {
    expect(limits.video.wordsPerMinute).toMatchObject({ min: 80, max: 250 });
    expect(lessonFormSchema.safeParse({ ...lesson, wpm: 80 }).success).toBe(true);
    expect(lessonFormSchema.safeParse({ ...lesson, wpm: 250 }).success).toBe(true);
    expect(lessonFormSchema.safeParse({ ...lesson, wpm: 79 }).success).toBe(false);
    expect(lessonFormSchema.safeParse({ ...lesson, wpm: 251 }).success).toBe(false);
  });

  it('refuses what the server refuses: durations, levels, blank and too long text', () => {
    expect(lessonFormSchema.safeParse({ ...lesson, duration: limits.video.minutes.max + 1 }).success).toBe(false);
    expect(lessonFormSchema.safeParse({ ...lesson, level: 4 }).success).toBe(false);
    const blank = lessonFormSchema.safeParse({ ...lesson, topic: '   ' });
    expect(blank.error?.issues[0]?.message).toBe('Describe the topic your video should explain.');
    const long = lessonFormSchema.safeParse({ ...lesson, topic: 'a'.repeat(limits.video.topicMaxChars + 1) });
    expect(long.error?.issues[0]?.message).toBe('This is 501 characters; the limit is 500. Shorten it by 1 character.');
    const ten = Array.from({ length: limits.video.maxSources }, (_, i) => `s${i}`);
    expect(lessonFormSchema.safeParse({ ...lesson, sources: ten }).success).toBe(true);
    const eleven = lessonFormSchema.safeParse({ ...lesson, sources: [...ten, 's10'] });
    expect(eleven.error?.issues[0]?.message).toBe('Choose at most 10 documents for one video.');

    const problem = {
      problem: '2x + 3 = 11',
      subject: 'math',
      problemType: 'homework',
      detailLevel: 2,
      duration: 3,
      showWork: true,
      sources: [] as string[],
    };
    expect(problemFormSchema.safeParse(problem).success).toBe(true);
    expect(problemFormSchema.safeParse({ ...problem, duration: limits.problem.minutes.max + 1 }).success).toBe(false);
    expect(problemFormSchema.safeParse({ ...problem, sources: ten }).success).toBe(true);
    expect(problemFormSchema.safeParse({ ...problem, sources: [...ten, 's10'] }).error?.issues[0]?.message).toBe(
      'Choose at most 10 documents for one solution.',
    );

    const course = { goal: 'Learn Rust', backgroundKnowledge: '', detailLevel: 2, sources: [] as string[] };
    expect(courseFormSchema.safeParse(course).success).toBe(true);
    expect(courseFormSchema.safeParse({ ...course, sources: ten }).success).toBe(true);
    expect(courseFormSchema.safeParse({ ...course, sources: [...ten, 's10'] }).error?.issues[0]?.message).toBe(
      'Choose at most 10 documents for one course.',
    );
    expect(courseFormSchema.safeParse({ ...course, goal: 'ab' }).error?.issues[0]?.message).toMatch(/at least 3/);
    expect(courseFormSchema.safeParse({ ...course, backgroundKnowledge: 'x'.repeat(limits.course.backgroundMaxChars + 1) }).success).toBe(false);
  });
});
