import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/testing/mock-fetch';
import { libraryQueryKey } from '@/features/library/api/get-user-library';
import { refreshLibraryAfterCompletion } from '@/features/library/api/refresh-library';
import { makeMediaItem } from '@/features/library/testing/make-media-item';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('post-completion refresh (SPEC 4.1)', () => {
  it('tries 3 times, 500, 1000 and 2000 ms apart, until the job is a completed lesson with a thumbnail', async () => {
    const answers = [
      { courses: [], videos: [] },
      { courses: [], videos: [makeMediaItem({ status: 'processing', thumbnail_url: null, has_thumbnail: false })] },
      { courses: [], videos: [makeMediaItem()] },
    ];
    const { requests } = mockFetch({ 'GET /api/auth/user/u1/search': () => json(answers.shift()) });
    const queryClient = new QueryClient();
    const done = refreshLibraryAfterCompletion(queryClient, 'u1', 'job-1');

    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(requests).toHaveLength(3);

    await expect(done).resolves.toBe(true);
    expect(queryClient.getQueryData(libraryQueryKey('u1'))).toEqual({ courses: [], videos: [makeMediaItem()] });
  });

  it('stops as soon as the job is found', async () => {
    const { requests } = mockFetch({ 'GET /api/auth/user/u1/search': () => json({ courses: [], videos: [makeMediaItem()] }) });
    const done = refreshLibraryAfterCompletion(new QueryClient(), 'u1', 'job-1');
    await vi.advanceTimersByTimeAsync(5000);
    await expect(done).resolves.toBe(true);
    expect(requests).toHaveLength(1);
  });

  it('gives up after 3 attempts and keeps the last answer', async () => {
    const { requests } = mockFetch({ 'GET /api/auth/user/u1/search': () => json({ courses: [], videos: [] }) });
    const queryClient = new QueryClient();
    const done = refreshLibraryAfterCompletion(queryClient, 'u1', 'job-1');
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(done).resolves.toBe(false);
    expect(requests).toHaveLength(3);
    expect(queryClient.getQueryData(libraryQueryKey('u1'))).toEqual({ courses: [], videos: [] });
  });
});
