import { describe, expect, it } from 'vitest';
import { queueItemTitle } from '@/lib/queue-job';
import {
  buildSolutionRequest,
  normaliseDetailLevel,
  normaliseProblemDuration,
  solutionVideoOrder,
} from '@/features/create/lib/solution-request';

describe('problem request (SPEC 3 and 5)', () => {
  it('applies the defaults: math, homework, detail 2, 3 minutes, work shown', () => {
    expect(buildSolutionRequest({ problem: '  2x + 3 = 11 ' }, 'u1')).toEqual({
      user_id: 'u1',
      problem_text: '2x + 3 = 11',
      subject: 'math',
      problem_type: 'homework',
      detail_level: 2,
      video_duration: 3,
      show_work: true,
      is_global: false,
      source_ids: [],
      dry_run: false,
    });
  });

  it("sends the student's worksheets as source_ids, each once, in the order chosen (issue 50)", () => {
    const request = buildSolutionRequest({ problem: 'Exercise 3', sources: ['s-algebra', 's-geometry', 's-algebra'] }, 'u1');
    expect(request.source_ids).toEqual(['s-algebra', 's-geometry']);
    // The words are sent as typed: the server takes the exercise from the worksheet.
    expect(request.problem_text).toBe('Exercise 3');
  });

  it('maps a detail level outside 1 to 3 to 2, and a duration outside 1 to 10 minutes to 3', () => {
    expect(normaliseDetailLevel(0)).toBe(2);
    expect(normaliseDetailLevel(4)).toBe(2);
    expect(normaliseDetailLevel('3')).toBe(3);
    expect(normaliseDetailLevel('hard')).toBe(2);
    expect(normaliseProblemDuration(0)).toBe(3);
    expect(normaliseProblemDuration(11)).toBe(3);
    expect(normaliseProblemDuration('7')).toBe(7);
    expect(normaliseProblemDuration(2.5)).toBe(3);
    expect(normaliseProblemDuration(10)).toBe(10);
  });

  it('sends a confirmed reading, and no reading field without one', () => {
    expect(buildSolutionRequest({ problem: 'Ann is 6 years older than Ben', reading: ' b + (b + 6) = 40 ' }, 'u1').reading).toBe('b + (b + 6) = 40');
    expect('reading' in buildSolutionRequest({ problem: '2x = 4', reading: '  ' }, 'u1')).toBe(false);
  });

  it('shows the work unless it is explicitly turned off', () => {
    expect(buildSolutionRequest({ problem: 'x = 1', showWork: undefined }, 'u1').show_work).toBe(true);
    expect(buildSolutionRequest({ problem: 'x = 1', showWork: false }, 'u1').show_work).toBe(false);
  });

  it('requires a user id', () => {
    expect(() => buildSolutionRequest({ problem: 'x = 1' }, null)).toThrow('User ID is required for problem solving');
  });

  it('titles a queued problem with its first 100 characters, or Problem Solution', () => {
    expect(queueItemTitle({ type: 'problem', text: 'y'.repeat(150) })).toBe('y'.repeat(100));
    expect(queueItemTitle({ type: 'problem', text: '   ' })).toBe('Problem Solution');
  });
});

describe("a problem's storyboard preview (issue 16)", () => {
  it('orders the video with the problem as its topic, the form\'s length, and the default level, pace and subtitles', () => {
    const request = buildSolutionRequest({ problem: '2x + 3 = 11', detailLevel: 3, duration: 4, showWork: false }, 'u1');
    expect(solutionVideoOrder(request)).toEqual({ topic: '2x + 3 = 11', level: 2, duration: 4, wpm: 150, subtitles: true });
  });

  it('cuts a long problem to the 500 characters a topic may have, counting characters as the API does', () => {
    const long = buildSolutionRequest({ problem: `${'x'.repeat(498)} 𝑥𝑦 + 1 = 2` }, 'u1');
    const topic = solutionVideoOrder(long).topic;
    expect(Array.from(topic)).toHaveLength(500);
    expect(topic).toBe(`${'x'.repeat(498)} 𝑥`);
    expect(solutionVideoOrder(buildSolutionRequest({ problem: `${'y'.repeat(499)} z` }, 'u1')).topic).toBe('y'.repeat(499));
  });
});
