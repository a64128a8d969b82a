import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GenerationQueueWrapper as wrapper } from '@/testing/generation-queue-wrapper';
import { json, mockFetch } from '@/testing/mock-fetch';
import { makeJobStatus } from '@/testing/make-job-status';
import { GENERATION_TEXT, useVideoGeneration } from '@/features/create/hooks/use-video-generation';

const form = { topic: 'Photosynthesis', level: 2, duration: 1, subtitles: true, wpm: 150 };

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  mockFetch({
    'POST /api/video/generate': () => json({ job_id: 'job-1', status: 'queued', cost: 1 }, 202),
    'GET /api/job/job-1/status': () => json(makeJobStatus({ status: 'processing', progress: 20, current_step: 'Writing the storyboard' })),
  });
});

afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('generation flow (SPEC 4.2)', () => {
  it('goes idle -> generating, warns at 30 s and 2 min, and times out at 15 minutes', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { result } = renderHook(() => useVideoGeneration('u1'), { wrapper });
    expect(result.current.phase).toBe('idle');

    await act(() => result.current.start(form));
    expect(result.current.isQueued).toBe(true);
    expect(result.current.phase).toBe('generating');

    await advance(29_000);
    expect(result.current.warning).toBeNull();
    await advance(1_000);
    expect(result.current.warning).toBe(GENERATION_TEXT.slow);
    await advance(90_000);
    expect(result.current.warning).toBe(GENERATION_TEXT.verySlow);

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
