import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch, type RecordedRequest } from '@/testing/mock-fetch';
import { makeSession } from '@/testing/data';
import { renderApp } from '@/testing/render-app';
import { makeCourseItem, makeMediaItem } from '@/testing/make-media-item';
import type { CourseItem, MediaItem } from '@/types/library';

const credits = { credits: { available: 10, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };

const typeOf = (req: RecordedRequest) => new URL(req.url, 'http://x').searchParams.get('type');

type Library = { courses?: CourseItem[]; videos?: MediaItem[]; progress?: unknown };

/** The server's search: answers each `type` from the given items, as the API does. */
function library({ courses = [], videos = [], progress }: Library = {}, extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/auth/user/user-1/credits': () => json(credits),
    'GET /api/public/explore/courses': () => json({ courses: [] }),
    'GET /api/public/explore/videos': () => json({ videos: [] }),
    'GET /api/auth/user/user-1/search': (req) => {
      const type = typeOf(req);
      const kinds = { lesson: 'educational', solution: 'problem_solving' } as Record<string, string>;
      return json({
        courses: type === null || type === 'course' ? courses : [],
        videos: type === 'course' ? [] : videos.filter((v) => type === null || v.video_type === kinds[type]),
        has_more_courses: false,
        has_more_videos: false,
        ...(progress ? { progress } : {}),
      });
    },
    ...extra,
  });
}

beforeEach(() => window.localStorage.clear());

describe('library tabs', () => {
  it('shows how far the owner got: a video watched or started, a course\'s lessons and checkpoints', async () => {
    library({
      videos: [makeMediaItem(), makeMediaItem({ id: 'v2', job_id: 'job-2', title: 'Recursion' }), makeMediaItem({ id: 'v3', job_id: 'job-3', title: 'New' })],
      courses: [makeCourseItem()],
      progress: {
        videos: {
          v1: { furthest_seconds: 300, duration_seconds: 300, completed: true },
          v2: { furthest_seconds: 30, duration_seconds: 120, completed: false },
        },
        courses: { [makeCourseItem().id]: { lessons: 6, lessons_completed: 3, checkpoints_correct: 4, checkpoints_answered: 5 } },
      },
    });
    renderApp({ path: '/library/lessons', session: makeSession() });
    const grid = await screen.findByRole('list', { name: 'Lessons' });
    const [watched, started, fresh] = within(grid).getAllByTestId('media-card') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(watched).getByText('Watched')).toBeInTheDocument();
    expect(within(started).getByText('25% watched')).toBeInTheDocument();
    expect(fresh.querySelector('.media-card__progress')).toBeNull();
  });

  it('shows a course\'s progress on its card', async () => {
    library({
      courses: [makeCourseItem()],
      progress: { videos: {}, courses: { [makeCourseItem().id]: { lessons: 6, lessons_completed: 3, checkpoints_correct: 4, checkpoints_answered: 5 } } },
    });
    renderApp({ path: '/library/courses', session: makeSession() });
    const grid = await screen.findByRole('list', { name: 'Courses' });
    expect(within(grid).getByText('3 of 6 lessons completed, 80% of checkpoints')).toBeInTheDocument();
  });

  it('lists lessons with thumbnails, status badges and a link to the player', async () => {
    library({
      videos: [
        makeMediaItem(),
        makeMediaItem({ id: 'v2', job_id: 'job-2', title: 'Recursion', status: 'processing', thumbnail_url: null, has_thumbnail: false }),
        makeMediaItem({ id: 'v3', job_id: null, title: 'Old one', thumbnail_url: null, has_thumbnail: false }),
        makeMediaItem({ id: 'v4', job_id: 'job-4', title: 'A solution', video_type: 'problem_solving' }),
      ],
    });
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

    await user.click(within(first).getByRole('link', { name: /Play/ }));
    expect(router.state.location.pathname).toBe('/video/job-1');
    expect(router.state.location.state).toMatchObject({ title: "Beginner's Guide to Photosynthesis", previousPage: '/library/lessons' });
  });

  it('asks the server for one kind per tab', async () => {
    const { requests } = library({ videos: [makeMediaItem({ video_type: 'problem_solving', title: 'Solve it' })] });
    renderApp({ path: '/problems', session: makeSession() });
    const grid = await screen.findByRole('list', { name: 'Solutions' });
    expect(within(grid).getByText('Solve it')).toBeInTheDocument();
    const searches = requests.filter((r) => r.url.includes('/search'));
    expect(searches.map(typeOf)).toContain('solution');
    expect(searches.every((r) => r.url.includes('limit=50') && r.url.includes('offset=0'))).toBe(true);
  });

  it('shows empty states with a way to create', async () => {
    library();
    renderApp({ path: '/lessons', session: makeSession() });
    expect(await screen.findByRole('heading', { name: 'No lessons yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Create an explainer video/ })).toHaveAttribute('href', '/create/lesson');
  });

  it('lists courses with their lesson count and opens the course with its data', async () => {
    const course = makeCourseItem();
    library({ courses: [course] });
    const { user, router } = renderApp({ path: '/library/courses', session: makeSession() });
    const grid = await screen.findByRole('list', { name: 'Courses' });
    const card = within(grid).getByTestId('course-card');
    expect(within(card).getByText(/4 lessons/)).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', '/api/media/course-thumbnail/course-1?t=tok');
    await user.click(within(card).getByRole('link', { name: /Open/ }));
    expect(router.state.location.pathname).toBe('/courses/course-1');
    expect(router.state.location.state).toMatchObject({ course: { id: 'course-1' } });
  });

  it('shows courses, lessons and solutions on the all tab', async () => {
    library({
      courses: [makeCourseItem()],
      videos: [makeMediaItem(), makeMediaItem({ id: 'v2', title: 'Solved', video_type: 'problem_solving' })],
    });
    renderApp({ path: '/library', session: makeSession() });
    expect(await screen.findByRole('heading', { name: /Courses/ })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /Lessons/ })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /Solutions/ })).toBeInTheDocument();
    expect(screen.getAllByTestId('media-card')).toHaveLength(2);
    expect(screen.getAllByTestId('course-card')).toHaveLength(1);
  });

  it('says the library is empty when nothing was made', async () => {
    library();
    renderApp({ path: '/library', session: makeSession() });
    expect(await screen.findByRole('heading', { name: 'Your library is empty' })).toBeInTheDocument();
  });
});

describe('publishing, renaming and deleting', () => {
  it('publishes a lesson at once and keeps the server’s answer', async () => {
    const item = makeMediaItem();
    const { requests } = library(
      { videos: [item] },
      {
        'PATCH /api/library/videos/v1': () =>
          json({ ...item, is_public: true, thumbnail_url: '/api/media/thumbnail/job-1' }),
      },
    );
    const { user } = renderApp({ path: '/library/lessons', session: makeSession() });
    const card = await screen.findByTestId('media-card');
    await user.click(within(card).getByRole('button', { name: /Publish/ }));
    expect(await within(card).findByText('Public')).toBeInTheDocument();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toEqual({ is_public: true });
    expect(patch?.headers.get('Authorization')).toBe('Bearer access-1');
    await waitFor(() => expect(card.querySelector('img')).toHaveAttribute('src', '/api/media/thumbnail/job-1'));
    expect(within(card).getByRole('button', { name: /Make private/ })).toBeInTheDocument();
    expect(await screen.findByText(/listed in Explore/)).toBeInTheDocument();
  });

  it('puts the card back when publishing fails', async () => {
    library({ videos: [makeMediaItem()] }, { 'PATCH /api/library/videos/v1': () => json({ detail: 'Video not found' }, 404) });
    const { user } = renderApp({ path: '/library/lessons', session: makeSession() });
    const card = await screen.findByTestId('media-card');
    await user.click(within(card).getByRole('button', { name: /Publish/ }));
    expect(await screen.findByText(/could not be published: Video not found/)).toBeInTheDocument();
    expect(within(card).queryByText('Public')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /Publish/ })).toBeInTheDocument();
  });

  it('renames a lesson', async () => {
    const item = makeMediaItem();
    const { requests } = library(
      { videos: [item] },
      { 'PATCH /api/library/videos/v1': (req) => json({ ...item, ...(req.body as object) }) },
    );
    const { user } = renderApp({ path: '/library/lessons', session: makeSession() });
    const card = await screen.findByTestId('media-card');
    await user.click(within(card).getByRole('button', { name: /Rename/ }));
    const input = within(card).getByLabelText(/New title/);
    await user.clear(input);
    await user.type(input, 'Plants and light');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByRole('heading', { name: 'Plants and light' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ title: 'Plants and light' });
  });

  it('deletes a lesson after asking, and brings it back if the server refuses', async () => {
    library({ videos: [makeMediaItem()] }, { 'DELETE /api/library/videos/v1': () => json({ detail: 'Internal server error' }, 500) });
    const { user } = renderApp({ path: '/library/lessons', session: makeSession() });
    const card = await screen.findByTestId('media-card');
    await user.click(within(card).getByRole('button', { name: /Delete/ }));
    expect(within(card).getByText(/Delete this video and its media/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/could not be deleted/)).toBeInTheDocument();
    expect(await screen.findByTestId('media-card')).toBeInTheDocument();
  });

  it('removes a deleted lesson', async () => {
    const { requests } = library({ videos: [makeMediaItem()] }, { 'DELETE /api/library/videos/v1': () => new Response(null, { status: 204 }) });
    const { user } = renderApp({ path: '/library/lessons', session: makeSession() });
    const card = await screen.findByTestId('media-card');
    await user.click(within(card).getByRole('button', { name: /Delete/ }));
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('media-card')).not.toBeInTheDocument());
    expect(requests.some((r) => r.method === 'DELETE' && r.url === '/api/library/videos/v1')).toBe(true);
  });
});
