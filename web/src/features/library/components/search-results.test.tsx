import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch, type RecordedRequest } from '@/testing/mock-fetch';
import { makeSession } from '@/testing/data';
import { renderApp } from '@/testing/render-app';
import { makeCourseItem, makeMediaItem } from '@/testing/make-media-item';

const credits = { credits: { available: 10, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };
const params = (req: RecordedRequest) => new URL(req.url, 'http://x').searchParams;

function server(answer: (req: RecordedRequest) => object) {
  return mockFetch({
    'GET /api/auth/user/user-1/credits': () => json(credits),
    'GET /api/public/explore/courses': () => json({ courses: [] }),
    'GET /api/public/explore/videos': () => json({ videos: [] }),
    'GET /api/auth/user/user-1/search': (req) =>
      json({ courses: [], videos: [], has_more_courses: false, has_more_videos: false, ...answer(req) }),
  });
}

beforeEach(() => window.localStorage.clear());

describe('search results (/search?q=)', () => {
  it('shows the courses and videos that match, in the server’s order', async () => {
    const { requests } = server((req) =>
      params(req).get('q')
        ? {
            courses: [makeCourseItem({ title: 'Photosynthesis course' })],
            videos: [makeMediaItem({ title: 'Photosynthesis explained' }), makeMediaItem({ id: 'v2', title: 'Plant cells' })],
          }
        : {},
    );
    renderApp({ path: '/search?q=photosynthesis', session: makeSession() });
    expect(await screen.findByRole('heading', { name: 'Results for “photosynthesis”' })).toBeInTheDocument();
    const videos = await screen.findByRole('list', { name: 'Matching videos' });
    expect(within(videos).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Photosynthesis explained', 'Plant cells']);
    expect(within(screen.getByRole('list', { name: 'Matching courses' })).getByText('Photosynthesis course')).toBeInTheDocument();
    expect(screen.getByText('3 results')).toBeInTheDocument();
    const search = requests.find((r) => params(r).get('q'));
    expect(params(search!).get('q')).toBe('photosynthesis');
    expect(params(search!).get('type')).toBeNull();
  });

  it('narrows to one kind with the type filter', async () => {
    const { requests } = server(() => ({ videos: [makeMediaItem({ video_type: 'problem_solving', title: 'x = 4' })] }));
    const { user, router } = renderApp({ path: '/search?q=equation', session: makeSession() });
    await screen.findByRole('list', { name: 'Matching videos' });
    await user.click(screen.getByRole('link', { name: 'Solutions' }));
    expect(router.state.location.search).toBe('?q=equation&type=solution');
    await screen.findByRole('list', { name: 'Matching videos' });
    expect(requests.some((r) => params(r).get('q') === 'equation' && params(r).get('type') === 'solution')).toBe(true);
    expect(screen.getByRole('link', { name: 'Solutions' })).toHaveAttribute('aria-current', 'page');
  });

  it('says so when nothing matches', async () => {
    server(() => ({}));
    renderApp({ path: '/search?q=quasar', session: makeSession() });
    expect(await screen.findByRole('heading', { name: 'No results for “quasar”' })).toBeInTheDocument();
  });

  it('loads more results when the server has more', async () => {
    const { requests } = server((req) =>
      params(req).get('offset') === '0'
        ? { videos: [makeMediaItem({ title: 'First page' })], has_more_videos: true }
        : { videos: [makeMediaItem({ id: 'v2', title: 'Second page' })] },
    );
    const { user } = renderApp({ path: '/search?q=page', session: makeSession() });
    await screen.findByText('First page');
    await user.click(screen.getByRole('button', { name: 'More results' }));
    expect(await screen.findByText('Second page')).toBeInTheDocument();
    expect(requests.some((r) => params(r).get('q') === 'page' && params(r).get('offset') === '50')).toBe(true);
    expect(screen.queryByRole('button', { name: 'More results' })).not.toBeInTheDocument();
  });

  it('shows the server’s message when the search fails', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits),
      'GET /api/auth/user/user-1/search': () => json({ detail: [{ loc: ['query', 'q'], msg: 'A search can be at most 200 characters long' }] }, 422),
    });
    renderApp({ path: '/search?q=toolong', session: makeSession() });
    expect(await screen.findByRole('alert')).toHaveTextContent('A search can be at most 200 characters long.');
  });
});
