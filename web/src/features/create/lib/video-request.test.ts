import { describe, expect, it } from 'vitest';
import {
  buildVideoRequest,
  levelFromInput,
  normaliseDuration,
  USER_ID_REQUIRED,
  videoCost,
} from '@/features/create/lib/video-request';

describe('level mapping (SPEC 5)', () => {
  it.each([
    ['beginner', 1],
    ['Beginner', 1],
    ['1', 1],
    [1, 1],
    ['advanced', 3],
    ['3', 3],
    [3, 3],
    ['intermediate', 2],
    ['expert', 2],
    [7, 2],
    ['', 2],
    [null, 2],
  ])('%s -> %s', (input, level) => {
    expect(levelFromInput(input)).toBe(level);
  });
});

describe('duration (SPEC 5)', () => {
  it.each([
    [1, 1],
    [15, 15],
    [0, 5],
    [16, 5],
    [99, 5],
    ['7', 7],
    ['seven', 5],
    [2.5, 5],
    [Number.NaN, 5],
  ])('%s -> %s minutes', (input, minutes) => {
    expect(normaliseDuration(input)).toBe(minutes);
  });
});

describe('cost (SPEC 9)', () => {
  it('is 1 credit below 10 minutes and 2 from 10 minutes on', () => {
    expect(videoCost(1)).toBe(1);
    expect(videoCost(9)).toBe(1);
    expect(videoCost(10)).toBe(2);
    expect(videoCost(15)).toBe(2);
  });
});

describe('the request body', () => {
  it('maps the form to the contract, with the modern subtitle style when subtitles are on', () => {
    expect(buildVideoRequest({ topic: '  Eigenvalues ', level: 'beginner', duration: 1, subtitles: true, wpm: 150, sources: [] }, 'u1')).toEqual({
      user_id: 'u1',
      topic: 'Eigenvalues',
      level: 1,
      duration: 1,
      enable_subtitles: true,
      subtitle_style: 'modern',
      wpm: 150,
      dry_run: false,
      source_ids: [],
    });
  });

  it('sends the chosen documents once each, in the order chosen', () => {
    const body = buildVideoRequest({ topic: 'Glass', level: 2, duration: 2, subtitles: true, wpm: 150, sources: ['s2', 's1', 's2'] }, 'u1');
    expect(body.source_ids).toEqual(['s2', 's1']);
  });

  it('sends a null subtitle style when subtitles are off, and defaults bad numbers', () => {
    const body = buildVideoRequest({ topic: 'x', level: 'expert', duration: 99, subtitles: false, wpm: 5, sources: [] }, 'u1');
    expect(body).toMatchObject({ level: 2, duration: 5, enable_subtitles: false, subtitle_style: null, wpm: 150 });
  });

  it('requires a user id', () => {
    expect(() => buildVideoRequest({ topic: 'x', level: 2, duration: 5, subtitles: true, wpm: 150, sources: [] }, null)).toThrow(USER_ID_REQUIRED);
  });
});
