import { describe, expect, it } from 'vitest';
import { hasAnimatedTransition, pagePath, paths, previewSourcePath, sectionOf } from '@/config/paths';

describe('named page map (SPEC 2.2)', () => {
  it.each([
    ['home', {}, '/'],
    ['auth', {}, '/auth'],
    ['library/courses', {}, '/library/courses'],
    ['create/problem', {}, '/create/problem'],
    ['course-detail', { courseId: 'c 1' }, '/courses/c%201'],
    ['course-generator', {}, '/courses/new'],
    ['generator', {}, '/lessons'],
    ['lesson-generator', {}, '/lessons/new'],
    ['help', {}, '/problems'],
    ['problem-solver', {}, '/problems/new'],
    ['search', { query: 'eigen values' }, '/search?q=eigen%20values'],
    ['credits-success', {}, '/credits/success'],
    ['video-player', { videoId: 'v9' }, '/video/v9'],
    ['video-player', {}, '/video/view'],
    ['no-such-page', {}, '/'],
  ])('%s -> %s', (name, params, expected) => {
    expect(pagePath(name, params)).toBe(expected);
  });
});

describe('current page', () => {
  it.each([
    ['/', 'home'],
    ['/library/lessons', 'library'],
    ['/courses', 'library'],
    ['/courses/abc', 'library'],
    ['/problems', 'library'],
    ['/courses/new', 'create'],
    ['/problems/new', 'create'],
    ['/create/course', 'create'],
    ['/sources', 'sources'],
    ['/credits', 'credits'],
    ['/credits/success', 'credits'],
    ['/purchase-success', 'credits'],
    ['/search', 'search'],
    ['/video/x', 'player'],
    ['/video/x/edit', 'player'],
    ['/preview/job-1', 'create'],
    ['/auth', 'auth'],
  ])('%s is in %s', (path, section) => {
    expect(sectionOf(path)).toBe(section);
  });

  it('animates only the listed paths', () => {
    expect(hasAnimatedTransition('/')).toBe(true);
    expect(hasAnimatedTransition('/lessons/new')).toBe(true);
    expect(hasAnimatedTransition('/auth')).toBe(false);
    expect(hasAnimatedTransition('/credits')).toBe(false);
    expect(hasAnimatedTransition('/courses/abc')).toBe(false);
    expect(hasAnimatedTransition('/video/abc')).toBe(false);
  });
});

describe('storyboard editor paths (issue 16)', () => {
  it('keeps the order of a preview in its address, and edits a video under its own path', () => {
    expect(paths.preview('job 1')).toBe('/preview/job%201');
    expect(paths.preview('j', { topic: 'Tides', level: 1, duration: 3, wpm: 150, subtitles: true })).toBe(
      '/preview/j?topic=Tides&level=1&duration=3&wpm=150&subtitles=1',
    );
    expect(paths.preview('j', { topic: '2x + 3 = 11', level: 2, duration: 3, wpm: 150, subtitles: true }, 'problem')).toBe(
      '/preview/j?topic=2x+%2B+3+%3D+11&level=2&duration=3&wpm=150&subtitles=1&from=problem',
    );
    expect(previewSourcePath('problem')).toBe('/create/problem');
    expect(previewSourcePath('lesson')).toBe('/create/lesson');
    expect(paths.videoEdit('v/1')).toBe('/video/v%2F1/edit');
  });
});
