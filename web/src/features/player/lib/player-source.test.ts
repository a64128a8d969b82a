import { describe, expect, it } from 'vitest';
import type { PlayerJob } from '@/features/player/api/get-player-job';
import { readNavigationState, resolvePlayerSource, withParam } from '@/features/player/lib/player-source';

function job(overrides: Partial<PlayerJob> = {}): PlayerJob {
  return {
    job_id: 'j1',
    status: 'completed',
    progress: 100,
    current_step: 'Done',
    title: 'Photosynthesis',
    smart_title: 'How Plants Eat Light',
    video_url: '/api/video/j1?t=a',
    subtitle_url: '/api/media/subtitles/j1?t=a',
    chapters_url: null,
    transcript_url: null,
    study_sheet_url: null,
    error: null,
    ...overrides,
  };
}

describe('player source (SPEC 2.3)', () => {
  it('takes the navigation state first', () => {
    const source = resolvePlayerSource('j1', { videoUrl: '/v.mp4', subtitleUrl: '/s.vtt', title: 'From state', description: 'Desc' }, job());
    expect(source).toEqual({ kind: 'playable', videoUrl: '/v.mp4', subtitleUrl: '/s.vtt', title: 'From state', description: 'Desc' });
  });

  it("defaults the subtitle URL to the job's subtitles endpoint", () => {
    const source = resolvePlayerSource('j1', { videoUrl: '/v.mp4' }, undefined);
    expect(source).toMatchObject({ kind: 'playable', subtitleUrl: '/api/media/subtitles/j1', title: 'Video' });
  });

  it('plays a completed job with a video URL from the status', () => {
    expect(resolvePlayerSource('j1', {}, job())).toEqual({
      kind: 'playable',
      videoUrl: '/api/video/j1?t=a',
      subtitleUrl: '/api/media/subtitles/j1?t=a',
      title: 'How Plants Eat Light',
      description: '',
    });
  });

  it("falls back to 'Video Processing...' and 'Status: {status}'", () => {
    expect(resolvePlayerSource('j1', {}, job({ status: 'processing', progress: 40, video_url: null }))).toMatchObject({
      kind: 'waiting',
      title: 'Video Processing...',
      description: 'Status: processing',
      progress: 40,
    });
    expect(resolvePlayerSource('j1', {}, job({ status: 'completed', video_url: null }))).toMatchObject({
      title: 'Video Processing...',
      description: 'Status: completed',
    });
    expect(resolvePlayerSource('j1', {}, job({ status: 'failed', video_url: null, error: null }))).toMatchObject({
      description: 'Status: failed',
      error: 'Generation failed',
    });
  });

  it('is loading until the status arrives, and waiting when it cannot be fetched', () => {
    expect(resolvePlayerSource('j1', { title: 'T' }, undefined)).toEqual({ kind: 'loading', title: 'T' });
    expect(resolvePlayerSource('j1', {}, undefined, { jobFailedToLoad: true })).toMatchObject({
      title: 'Video Processing...',
      description: 'Status: unknown',
    });
  });

  it('drops a state video whose media token has expired', () => {
    expect(resolvePlayerSource('j1', { videoUrl: '/old' }, job(), { ignoreStateVideo: true })).toMatchObject({ videoUrl: '/api/video/j1?t=a' });
  });

  it('accepts only same-app previous pages', () => {
    expect(readNavigationState({ previousPage: '/library' }).previousPage).toBe('/library');
    expect(readNavigationState({ previousPage: 'https://evil.example' }).previousPage).toBeUndefined();
    expect(readNavigationState({ previousPage: '//evil.example' }).previousPage).toBeUndefined();
    expect(readNavigationState(null)).toEqual({});
  });

  it('appends query parameters to token-bearing URLs', () => {
    expect(withParam('/api/video/j1?t=a', 'download=1')).toBe('/api/video/j1?t=a&download=1');
    expect(withParam('/api/video/j1', 'download=1')).toBe('/api/video/j1?download=1');
  });

  it('shows the stored title and description whatever opened the player (issue 19)', () => {
    const stored = { title: "Beginner's Guide to Photosynthesis", description: 'A beginner-level video.' };
    const byUrl = resolvePlayerSource('j1', {}, job(), { stored });
    const fromAScreen = resolvePlayerSource('j1', { videoUrl: '/v.mp4', title: 'Photosynthesis' }, job(), { stored });
    expect(byUrl).toMatchObject({ title: stored.title, description: stored.description });
    expect(fromAScreen).toMatchObject({ title: stored.title, description: stored.description });
    expect(resolvePlayerSource('j1', {}, job(), { stored: null })).toMatchObject({ title: 'How Plants Eat Light' });
  });
});
