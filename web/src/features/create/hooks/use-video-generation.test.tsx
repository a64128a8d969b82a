import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GenerationQueueWrapper as wrapper } from '@/testing/generation-queue-wrapper';
import { json, mockFetch } from '@/testing/mock-fetch';
import { makeJobStatus } from '@/testing/make-job-status';
import { GENERATION_TEXT, useVideoGeneration } from '@/features/create/hooks/use-video-generation';
import { aboutTime, warningTimes } from '@/features/create/hooks/use-generation';

const form = { topic: 'Photosynthesis', level: 2, duration: 1, subtitles: true, wpm: 150, sources: [] };

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  mockFetch({
    'POST /api/video/generate': () => json({ job_id: 'job-1', status: 'queued', cost: 1 }, 202),
    'GET /api/job/job-1/status': () =>
      json(makeJobStatus({ status: 'processing', progress: 20, current_step: 'Writing the storyboard', expected_seconds: 40 })),
  });
});

afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('generation flow (SPEC 4.2)', () => {
  it('says nothing of "longer than usual" before the server said how long is usual', async () => {
    mockFetch({
      'POST /api/video/generate': () => json({ job_id: 'job-1', status: 'queued', cost: 1 }, 202),
      'GET /api/job/job-1/status': () => json(makeJobStatus({ status: 'queued', progress: 0 })),
    });
    const { result } = renderHook(() => useVideoGeneration('u1'), { wrapper });
    await act(() => result.current.start(form));
    await advance(5 * 60_000);
    expect(result.current.phase).toBe('generating');
    expect(result.current.warning).toBeNull();
  });

  it('puts a long job\'s expected time in minutes', () => {
    expect(aboutTime(44)).toBe('about 45 seconds');
    expect(aboutTime(150)).toBe('about 3 minutes');
    expect(warningTimes(10)).toEqual({ slowMs: 20_000, verySlowMs: 40_000 });
    expect(warningTimes(120)).toEqual({ slowMs: 180_000, verySlowMs: 360_000 });
  });

  it('goes idle -> generating, warns past 1.5 and 3 times the expected time, and times out at 15 minutes', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { result } = renderHook(() => useVideoGeneration('u1'), { wrapper });
    expect(result.current.phase).toBe('idle');

    await act(() => result.current.start(form));
    expect(result.current.isQueued).toBe(true);
    expect(result.current.phase).toBe('generating');

    // Jobs like it take 40 s: nothing at 30 s (the old fixed warning) nor at 59 s.
    await advance(30_000);
    expect(result.current.warning).toBeNull();
    await advance(29_000);
    expect(result.current.warning).toBeNull();
    await advance(1_000);
    expect(result.current.warning).toBe(GENERATION_TEXT.slow(40));
    expect(result.current.warning).toContain('about 40 seconds');
    await advance(60_000);
    expect(result.current.warning).toBe(GENERATION_TEXT.verySlow(40));

    await advance(15 * 60_000 - 120_000);
    expect(result.current.phase).toBe('failed');
    expect(result.current.error).toBe('Video generation timed out after 15 minutes. The video might still be processing.');
    expect(console.warn).toHaveBeenCalledWith('15 minute timeout reached');

    act(() => result.current.reset());
    expect(result.current.phase).toBe('idle');
  });

  it('fails with the user id message when no user is signed in', async () => {
    const { result } = renderHook(() => useVideoGeneration(null), { wrapper });
    await act(() => result.current.start(form));
    expect(result.current.phase).toBe('failed');
    expect(result.current.error).toBe('User ID is required for video generation');
    expect(result.current.isQueued).toBe(false);
  });
});
