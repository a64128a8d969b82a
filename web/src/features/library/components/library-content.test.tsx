import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/mock-fetch';
import { makeSession } from '@/testing/data';
import { renderApp } from '@/testing/render-app';
import { makeMediaItem } from '@/features/library/testing/make-media-item';

const credits = { credits: { available: 10, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };

function library(videos = [makeMediaItem()]) {
  return mockFetch({
    'GET /api/auth/user/user-1/credits': () => json(credits),
    'GET /api/auth/user/user-1/search': () => json({ courses: [], videos }),
  });
}

beforeEach(() => window.localStorage.clear());

describe('library lessons', () => {
  it('lists lessons with thumbnails, status badges and a link to the player', async () => {
    library([
      makeMediaItem(),
      makeMediaItem({ id: 'v2', job_id: 'job-2', title: 'Recursion', status: 'processing', thumbnail_url: null, has_thumbnail: false }),
      makeMediaItem({ id: 'v3', job_id: null, title: 'Old one', thumbnail_url: null, has_thumbnail: false }),
      makeMediaItem({ id: 'v4', job_id: 'job-4', title: 'A solution', video_type: 'problem_solving' }),
    ]);
    const { user, router } = renderApp({ path: '/library/lessons', session: makeSession() });
    const grid = await screen.findByRole('list', { name: 'Lessons' });
    const cards = within(grid).getAllByTestId('media-card');
    expect(cards).toHaveLength(3);

    const [first, second, third] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.querySelector('img')).toHaveAttribute('src', '/api/media/thumbnail/job-1?t=tok');
    expect(within(first).getByText('Ready')).toBeInTheDocument();
    expect(second.querySelector('img')).toHaveAttribute('src', '/api/media/thumbnail/job-2');
    expect(within(second).getByText('Processing')).toBeInTheDocument();
    expect(within(third).getByTestId('thumbnail-placeholder')).toBeInTheDocument();

    await user.click(within(first).getByRole('link'));
    expect(router.state.location.pathname).toBe('/video/job-1');
    expect(router.state.location.state).toMatchObject({ title: "Beginner's Guide to Photosynthesis", previousPage: '/library/lessons' });
  });

  it('shows an empty state with a way to create when there are no lessons', async () => {
    library([]);
    renderApp({ path: '/lessons', session: makeSession() });
    expect(await screen.findByRole('heading', { name: 'No lessons yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Create an explainer video/ })).toHaveAttribute('href', '/create/lesson');
  });

  it('shows empty states for courses and solutions for now', async () => {
    library();
    renderApp({ path: '/library/courses', session: makeSession() });
    expect(await screen.findByRole('heading', { name: 'No courses yet' })).toBeInTheDocument();
  });

  it('shows the lessons on the all tab', async () => {
    library();
    renderApp({ path: '/library', session: makeSession() });
    expect(await screen.findByRole('heading', { name: /Lessons/ })).toBeInTheDocument();
    expect(screen.getAllByTestId('media-card')).toHaveLength(1);
  });
});
