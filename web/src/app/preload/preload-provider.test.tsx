import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { librarySectionKey } from '@/features/library/api/get-library';
import { json, mockFetch, type RecordedRequest } from '@/testing/mock-fetch';
import { makeSession } from '@/testing/data';
import { renderApp } from '@/testing/render-app';
import { makeMediaItem } from '@/testing/make-media-item';

const credits = { credits: { available: 10, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };
const navLink = (name: string) => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name });
const typeOf = (req: RecordedRequest) => new URL(req.url, 'http://x').searchParams.get('type');

let loadedImages: string[] = [];
const OriginalImage = window.Image;

beforeEach(() => {
  window.localStorage.clear();
  loadedImages = [];
  window.Image = function RecordingImage() {
    const img = new OriginalImage();
    const proto = Object.getOwnPropertyDescriptor(img, 'src');
    Object.defineProperty(img, 'src', {
      configurable: true,
      get: () => proto?.get?.call(img),
      set: (value: string) => {
        if (value) loadedImages.push(value);
        proto?.set?.call(img, value);
      },
    });
    return img;
  } as unknown as typeof window.Image;
});

afterEach(() => {
  window.Image = OriginalImage;
});

function server(delay = 0) {
  return mockFetch({
    'GET /api/auth/user/user-1/credits': () => json(credits),
    'POST /auth/logout': () => new Response(null, { status: 204 }),
    'GET /api/public/explore/courses': () => json({ courses: [] }),
    'GET /api/public/explore/videos': () =>
      json({ videos: [makeMediaItem({ id: 'p1', job_id: 'pub-1', is_public: true, thumbnail_url: '/api/media/thumbnail/pub-1' })] }),
    'GET /api/auth/user/user-1/search': async (req) => {
      if (delay) await new Promise((r) => setTimeout(r, delay));
      const type = typeOf(req);
      return json({
        courses: [],
        videos:
          type === 'lesson'
            ? Array.from({ length: 25 }, (_, i) =>
                makeMediaItem({ id: `v${i}`, job_id: `job-${i}`, thumbnail_url: `/api/media/thumbnail/job-${i}?t=tok` }),
              )
            : [],
        has_more_courses: false,
        has_more_videos: false,
      });
    },
  });
}

describe('preloading (SPEC 2.2, 4.5, 9)', () => {
  it('after sign-in fetches courses, lessons and solutions in parallel, the explore data, and capped thumbnails', async () => {
    const { requests } = server();
    renderApp({ path: '/create', session: makeSession() });
    await waitFor(() => expect(loadedImages).toContain('/api/media/thumbnail/pub-1'));
    const searches = requests.filter((r) => r.url.startsWith('/api/auth/user/user-1/search'));
    expect(searches.map(typeOf).sort()).toEqual(['course', 'lesson', 'solution']);
    expect(requests.some((r) => r.url === '/api/public/explore/videos?limit=50&offset=0')).toBe(true);
    await waitFor(() => expect(loadedImages.filter((u) => u.includes('?t=tok'))).toHaveLength(20));
  });

  it('shows the progress bar while the library’s thumbnails preload, then opens it', async () => {
    server(150);
    const { user, router } = renderApp({ path: '/create', session: makeSession() });
    await screen.findByRole('navigation', { name: 'Main' });
    await user.click(navLink('Library'));
    const bar = screen.getByTestId('navigation-progress');
    expect(['30', '50', '70']).toContain(bar.getAttribute('aria-valuenow'));
    expect(router.state.location.pathname).toBe('/create');
    await waitFor(() => expect(router.state.location.pathname).toBe('/library'));
    await waitFor(() => expect(screen.queryByTestId('navigation-progress')).not.toBeInTheDocument());
  });

  it('a newer navigation cancels the earlier one', async () => {
    server(300);
    const { user, router } = renderApp({ path: '/create', session: makeSession() });
    await screen.findByRole('navigation', { name: 'Main' });
    await user.click(navLink('Library'));
    await user.click(navLink('Home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await new Promise((r) => setTimeout(r, 600));
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes to /credits at once', async () => {
    server(1000);
    const { user, router } = renderApp({ path: '/library', session: makeSession() });
    await screen.findByRole('navigation', { name: 'Main' });
    await user.click(navLink('Credits'));
    expect(router.state.location.pathname).toBe('/credits');
  });

  it('clears the preloaded courses, lessons and solutions on sign-out', async () => {
    server();
    const { user, queryClient } = renderApp({ path: '/library/lessons', session: makeSession() });
    await screen.findAllByTestId('media-card');
    expect(queryClient.getQueryData(librarySectionKey('user-1', 'lessons'))).toBeDefined();
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    await waitFor(() => expect(queryClient.getQueryData(librarySectionKey('user-1', 'lessons'))).toBeUndefined());
    expect(queryClient.getQueryData(librarySectionKey('user-1', 'courses'))).toBeUndefined();
  });
});
