import { describe, expect, it } from 'vitest';
import {
  buildCourseRequest,
  goalProblem,
  normaliseCourseDetailLevel,
  USER_ID_REQUIRED_FOR_COURSES,
} from '@/features/create/lib/course-request';

describe('the course request (SPEC 3: the course form plus user_id)', () => {
  it('trims the form and sends goal, backgroundKnowledge and detailLevel', () => {
    expect(buildCourseRequest({ goal: '  Learn Rust  ', backgroundKnowledge: ' C ', detailLevel: '3' }, 'u1')).toEqual({
      user_id: 'u1',
      goal: 'Learn Rust',
      backgroundKnowledge: 'C',
      detailLevel: 3,
      source_ids: [],
    });
  });

  it('sends the chosen documents as source_ids, each once, in the order chosen', () => {
    expect(buildCourseRequest({ goal: 'Glass', sources: ['s-b', 's-a', 's-b'] }, 'u1')).toMatchObject({ source_ids: ['s-b', 's-a'] });
  });

  it('defaults the detail level to 2 and the background to empty', () => {
    expect(buildCourseRequest({ goal: 'Learn Rust' }, 'u1')).toMatchObject({ detailLevel: 2, backgroundKnowledge: '' });
    expect(normaliseCourseDetailLevel(7)).toBe(2);
    expect(normaliseCourseDetailLevel('advanced')).toBe(2);
  });

  it('needs a signed-in user', () => {
    expect(() => buildCourseRequest({ goal: 'Learn Rust' }, null)).toThrow(USER_ID_REQUIRED_FOR_COURSES);
  });

  it('says what is wrong with a goal', () => {
    expect(goalProblem('  ')).toBe('Describe what you want to learn.');
    expect(goalProblem('ab')).toMatch(/at least 3/);
    expect(goalProblem('x'.repeat(501))).toMatch(/at most 500/);
    expect(goalProblem('Learn Rust')).toBeNull();
  });
});
