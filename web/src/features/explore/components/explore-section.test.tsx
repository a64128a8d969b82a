import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { makeCourseItem, makeMediaItem } from '@/testing/make-media-item';

const published = makeMediaItem({
  id: 'v9',
  job_id: 'job-9',
  title: 'How rainbows form',
  is_public: true,
  created_at: '2026-03-05T10:00:00Z',
  thumbnail_url: '/api/media/thumbnail/job-9',
  video_url: '/api/video/job-9',
  subtitle_url: '/api/media/subtitles/job-9',
  chapters_url: '/api/media/chapters/job-9',
  transcript_url: '/api/media/transcript/job-9',
});

function explore(courses = [makeCourseItem({ is_public: true, thumbnail_url: '/api/media/course-thumbnail/course-1' })], videos = [published]) {
  return mockFetch({
    'POST /auth/refresh': () => json({ detail: 'Not signed in' }, 401),
    'GET /api/public/explore/courses': () => json({ courses, has_more: false }),
    'GET /api/public/explore/videos': () => json({ videos, has_more: false }),
    'GET /api/media/chapters/job-9': () => new Response('WEBVTT\n', { headers: { 'content-type': 'text/vtt' } }),
    'GET /api/media/transcript/job-9': () => json({ cues: [{ start: 0, end: 2, text: 'Light bends in raindrops.' }] }),
  });
}

beforeEach(() => window.localStorage.clear());

describe('explore on the landing page', () => {
  it('shows a visitor what was published, newest first, asking without sign-in', async () => {
    const { requests } = explore();
    renderApp({ path: '/', session: null });
    const grid = await screen.findByRole('list', { name: 'Explore catalogue' });
    const titles = within(grid).getAllByRole('heading').map((h) => h.textContent);
    expect(titles).toEqual(['How rainbows form', 'Astronomy for beginners']);
    expect(within(grid).getByTestId('media-card').querySelector('img')).toHaveAttribute('src', '/api/media/thumbnail/job-9');
    const calls = requests.filter((r) => r.url.startsWith('/api/public/explore/'));
    expect(calls.map((r) => r.url).sort()).toEqual([
      '/api/public/explore/courses?limit=50&offset=0',
      '/api/public/explore/videos?limit=50&offset=0',
    ]);
    expect(calls.every((r) => !r.headers.has('Authorization'))).toBe(true);
  });

  it('plays a published video in place, with its subtitles and transcript', async () => {
    explore();
    const { user } = renderApp({ path: '/', session: null });
    await user.click(await screen.findByRole('button', { name: 'Play How rainbows form' }));
    const dialog = screen.getByRole('dialog', { name: 'How rainbows form' });
    const video = within(dialog).getByTestId('video');
    expect(video).toHaveAttribute('src', '/api/video/job-9');
    expect(video.querySelector('track')).toHaveAttribute('src', '/api/media/subtitles/job-9');
    expect(await within(dialog).findByText('Light bends in raindrops.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a published course’s summary in place', async () => {
    explore();
    const { user } = renderApp({ path: '/', session: null });
    await user.click(await screen.findByRole('button', { name: 'Open Astronomy for beginners' }));
    const dialog = screen.getByRole('dialog', { name: 'Astronomy for beginners' });
    expect(within(dialog).getByText('4 lessons')).toBeInTheDocument();
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/api/media/course-thumbnail/course-1');
  });

  it('filters by kind', async () => {
    explore(undefined, [published, makeMediaItem({ id: 'v8', title: 'Solving x + 1 = 2', video_type: 'problem_solving', is_public: true })]);
    const { user } = renderApp({ path: '/', session: null });
    const grid = await screen.findByRole('list', { name: 'Explore catalogue' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Solutions' }));
    expect(within(screen.getByRole('list', { name: 'Explore catalogue' })).getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'Solving x + 1 = 2',
    ]);
  });

  it('is left out while nothing is published', async () => {
    explore([], []);
    renderApp({ path: '/', session: null });
    expect(await screen.findByRole('heading', { name: /Turn any topic/ })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: /shared by learners/ })).not.toBeInTheDocument();
  });
});
