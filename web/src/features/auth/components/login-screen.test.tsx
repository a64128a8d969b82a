import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SIGN_IN_CODES, SignInError } from '@/features/auth/lib/sign-in-errors';
import { accessToken } from '@/lib/access-token';
import { makeUser, refreshBody } from '@/testing/data';
import { json, mockFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';

function signedOutServer(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({ 'POST /auth/refresh': json({ detail: 'No session' }, 401), ...extra });
}

async function clickContinue(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Continue with Google' }));
}

describe('login screen', () => {
  it('shows the Google button, the back link and the free credits note', async () => {
    signedOutServer();
    renderApp({ path: '/auth' });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to home/ })).toHaveAttribute('href', '/');
    expect(screen.getByText(/10 free credits/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Try Alternative Sign-In Method/ })).not.toBeInTheDocument();
  });

  it('uses the sign-up wording for mode=signup', async () => {
    signedOutServer();
    renderApp({ path: '/auth?mode=signup' });
    expect(await screen.findByRole('heading', { name: 'Create your Lectern account' })).toBeInTheDocument();
  });

  it('signs in through the popup, refreshes the session and welcomes a new user', async () => {
    let signedIn = false;
    const { requests } = mockFetch({
      'POST /auth/refresh': () => (signedIn ? json(refreshBody()) : json({ detail: 'No session' }, 401)),
      'GET /api/auth/user/user-1/credits': json({ credits: makeUser().credits }),
    });
    const popupSignIn = vi.fn(async () => {
      signedIn = true;
      return { firstSignIn: true };
    });
    const { user, router } = renderApp({ path: '/auth', authServices: { popupSignIn } });
    await clickContinue(user);

    expect(await screen.findByText('Welcome to Lectern! You have 10 free credits to start creating videos.')).toBeInTheDocument();
    expect(popupSignIn).toHaveBeenCalledWith('/library');
    await waitFor(() => expect(router.state.location.pathname).toBe('/library'));
    expect(requests.filter((r) => r.url === '/auth/refresh')).toHaveLength(2);
    expect(accessToken.get()).toBe('access-1');
    expect(await screen.findByTestId('credit-balance')).toHaveTextContent('10 credits');
  });

  it('says welcome back to a returning user and returns to where they were going', async () => {
    let signedIn = false;
    mockFetch({
      'POST /auth/refresh': () => (signedIn ? json(refreshBody()) : json({ detail: 'No session' }, 401)),
    });
    const popupSignIn = vi.fn(async () => {
      signedIn = true;
      return { firstSignIn: false };
    });
    const { user, router } = renderApp({ path: '/credits', authServices: { popupSignIn } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    await clickContinue(user);
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(popupSignIn).toHaveBeenCalledWith('/credits');
    await waitFor(() => expect(router.state.location.pathname).toBe('/credits'));
  });

  it.each([
    [SIGN_IN_CODES.popupBlocked, 'Pop-up was blocked. Please allow pop-ups and try again.', true],
    [SIGN_IN_CODES.cancelledPopup, 'Another sign-in popup is already open. Please check your other tabs.', true],
    [SIGN_IN_CODES.popupClosed, 'Sign-in was cancelled. Please try again.', false],
    [SIGN_IN_CODES.operationNotAllowed, 'Google Sign-In is not enabled. Please contact support.', false],
    [SIGN_IN_CODES.network, 'Network error. Please check your internet connection and try again.', false],
  ])('shows %s as its message and offers the redirect only when it should', async (code, text, offersRedirect) => {
    signedOutServer();
    const popupSignIn = vi.fn(() => Promise.reject(new SignInError(code)));
    const { user } = renderApp({ path: '/auth', authServices: { popupSignIn } });
    await clickContinue(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(`${text} (Error: ${code})`);
    const redirectButton = screen.queryByRole('button', { name: /Try Alternative Sign-In Method/ });
    if (offersRedirect) expect(redirectButton).toBeInTheDocument();
    else expect(redirectButton).not.toBeInTheDocument();
  });

  it('falls back to the redirect method when asked', async () => {
    signedOutServer();
    const redirectSignIn = vi.fn();
    const popupSignIn = vi.fn(() => Promise.reject(new SignInError(SIGN_IN_CODES.popupBlocked)));
    const { user } = renderApp({ path: '/auth', authServices: { popupSignIn, redirectSignIn } });
    await clickContinue(user);
    await user.click(await screen.findByRole('button', { name: /Try Alternative Sign-In Method/ }));
    expect(redirectSignIn).toHaveBeenCalledWith('/library');
  });

  it('shows an unexpected failure as such', async () => {
    signedOutServer();
    const popupSignIn = vi.fn(() => Promise.reject(new TypeError('boom')));
    const { user } = renderApp({ path: '/auth', authServices: { popupSignIn } });
    await clickContinue(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An unexpected error occurred. Please try again. (Error: auth/unexpected-error)',
    );
  });

  it('reports a network error when the session cannot be fetched after the popup', async () => {
    let popupDone = false;
    mockFetch({
      'POST /auth/refresh': () => {
        if (popupDone) throw new TypeError('Failed to fetch');
        return json({ detail: 'No session' }, 401);
      },
    });
    const popupSignIn = vi.fn(async () => {
      popupDone = true;
      return { firstSignIn: false };
    });
    const { user } = renderApp({ path: '/auth', authServices: { popupSignIn } });
    await clickContinue(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('(Error: auth/network-request-failed)');
  });

  it('looks for the user record twice more, 500 ms apart, before giving up', async () => {
    let calls = 0;
    let popupDone = false;
    mockFetch({
      'POST /auth/refresh': () => {
        if (!popupDone) return json({ detail: 'No session' }, 401);
        calls += 1;
        return calls < 3 ? json({ detail: 'No session' }, 401) : json(refreshBody());
      },
    });
    const popupSignIn = vi.fn(async () => {
      popupDone = true;
      return { firstSignIn: true };
    });
    const { user, router } = renderApp({ path: '/auth', authServices: { popupSignIn } });
    await clickContinue(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/library'), { timeout: 3000 });
    expect(calls).toBe(3);
  });
});
