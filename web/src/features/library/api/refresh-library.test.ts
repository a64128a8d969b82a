import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type RecordedRequest } from '@/testing/mock-fetch';
import { librarySectionKey, sectionVideos, type LibraryData } from '@/features/library/api/get-library';
import { refreshLibraryAfterCompletion } from '@/features/library/api/refresh-library';
import { makeMediaItem } from '@/testing/make-media-item';
import type { MediaItem } from '@/types/library';

const page = (videos: MediaItem[] = []) => ({ courses: [], videos, has_more_courses: false, has_more_videos: false, progress: { courses: {}, videos: {} } });
const typeOf = (req: RecordedRequest) => new URL(req.url, 'http://x').searchParams.get('type');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('post-completion refresh (SPEC 4.1)', () => {
  it('tries 3 times, 500, 1000 and 2000 ms apart, until the job is a completed lesson with a thumbnail', async () => {
    const lessonAnswers = [
      page(),
      page([makeMediaItem({ status: 'processing', thumbnail_url: null, has_thumbnail: false })]),
      page([makeMediaItem()]),
    ];
    const { requests } = mockFetch({
      'GET /api/auth/user/u1/search': (req) => json(typeOf(req) === 'lesson' ? lessonAnswers.shift() : page()),
    });
    const queryClient = new QueryClient();
    const done = refreshLibraryAfterCompletion(queryClient, 'u1', 'job-1');

    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    // The three sections, in parallel.
    expect(requests.map(typeOf).sort()).toEqual(['course', 'lesson', 'solution']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(requests).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(2000);
    expect(requests).toHaveLength(9);

    await expect(done).resolves.toBe(true);
    const lessons = queryClient.getQueryData<LibraryData>(librarySectionKey('u1', 'lessons'));
    expect(sectionVideos(lessons)).toEqual([makeMediaItem()]);
    expect(queryClient.getQueryData(librarySectionKey('u1', 'courses'))).toEqual({ pages: [page()], pageParams: [0] });
  });

  it('finds a finished solution too, and stops as soon as it does', async () => {
    const solution = makeMediaItem({ video_type: 'problem_solving' });
    const { requests } = mockFetch({
      'GET /api/auth/user/u1/search': (req) => json(typeOf(req) === 'solution' ? page([solution]) : page()),
    });
    const done = refreshLibraryAfterCompletion(new QueryClient(), 'u1', 'job-1');
    await vi.advanceTimersByTimeAsync(5000);
    await expect(done).resolves.toBe(true);
    expect(requests).toHaveLength(3);
  });

  it('gives up after 3 attempts and keeps the last answer', async () => {
    const { requests } = mockFetch({ 'GET /api/auth/user/u1/search': () => json(page()) });
    const queryClient = new QueryClient();
    const done = refreshLibraryAfterCompletion(queryClient, 'u1', 'job-1');
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(done).resolves.toBe(false);
    expect(requests).toHaveLength(9);
    expect(queryClient.getQueryData(librarySectionKey('u1', 'lessons'))).toEqual({ pages: [page()], pageParams: [0] });
  });
});
