import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSession, makeUser, refreshBody } from '@/testing/data';
import { json, mockFetch, never } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';

const protectedPaths = [
  '/library',
  '/library/courses',
  '/library/lessons',
  '/library/solutions',
  '/courses',
  '/lessons',
  '/problems',
  '/create',
  '/create/course',
  '/create/lesson',
  '/create/problem',
  '/courses/new',
  '/lessons/new',
  '/problems/new',
  '/courses/c-1',
  '/search?q=fractions',
  '/credits',
  '/credits/success',
  '/purchase-success',
  '/video/v-1',
  '/video/v-1/edit',
  '/preview/job-1?topic=Tides',
];

function creditsServer() {
  return mockFetch({
    'GET /api/auth/user/user-1/credits': json({ credits: makeUser().credits }),
    'GET /api/credit-packages': json({ packages: {} }),
  });
}

describe('route guards (SPEC 2.2)', () => {
  it('shows the thin progress bar while the sign-in state is unknown, and no protected content', async () => {
    mockFetch({ 'POST /auth/refresh': () => never<Response>() });
    renderApp({ path: '/library' });
    expect(await screen.findByRole('progressbar', { name: 'Checking your sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your library' })).not.toBeInTheDocument();
  });

  it.each(protectedPaths)('sends a signed-out visitor from %s to /auth', async (path) => {
    mockFetch({ 'POST /auth/refresh': json({ detail: 'No session' }, 401) });
    const { router } = renderApp({ path });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.state).toEqual({ from: path });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it.each(protectedPaths)('lets a signed-in user open %s', async (path) => {
    creditsServer();
    const { router } = renderApp({ path, session: makeSession() });
    await screen.findByRole('heading', { level: 1 });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path);
  });

  it('learns the sign-in state from POST /auth/refresh on load', async () => {
    const { requests } = mockFetch({
      'POST /auth/refresh': json(refreshBody()),
      'GET /api/auth/user/user-1/credits': json({ credits: makeUser().credits }),
    });
    renderApp({ path: '/library' });
    expect(await screen.findByRole('heading', { name: 'Your library' })).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/auth/refresh')).toMatchObject({ method: 'POST', credentials: 'include' });
  });

  it.each(['/nowhere', '/library/unknown/deep', '/video'])('redirects %s to /', async (path) => {
    mockFetch({ 'POST /auth/refresh': json({ detail: 'No session' }, 401) });
    const { router } = renderApp({ path });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: /Turn any topic/ })).toBeInTheDocument();
  });

  it('shows the same confirmation at /purchase-success and /credits/success', async () => {
    creditsServer();
    renderApp({ path: '/purchase-success', session: makeSession() });
    expect(await screen.findByRole('heading', { name: 'Thank you for your purchase!' })).toBeInTheDocument();
  });

  it('sends a signed-in user away from /auth', async () => {
    creditsServer();
    const { router } = renderApp({ path: '/auth', session: makeSession() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/library'));
  });

  it('keeps the public pages public', async () => {
    mockFetch({ 'POST /auth/refresh': json({ detail: 'No session' }, 401) });
    const { router } = renderApp({ path: '/' });
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
