import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSession, makeUser } from '@/testing/data';
import { json, mockFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';

function server(available: number, logoutStatus = 204) {
  return mockFetch({
    'GET /api/auth/user/user-1/credits': json({ credits: { ...makeUser().credits, available } }),
    'GET /api/credit-packages': json({ packages: {} }),
    'POST /auth/logout': () =>
      logoutStatus === 204 ? new Response(null, { status: 204 }) : json({ detail: 'nope' }, logoutStatus),
  });
}

describe('top navigation', () => {
  it('offers Log In and Sign Up to a visitor', async () => {
    mockFetch({ 'POST /auth/refresh': json({ detail: 'No session' }, 401) });
    renderApp({ path: '/' });
    expect(await screen.findByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/auth?mode=signin');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup');
    expect(screen.queryByTestId('credit-balance')).not.toBeInTheDocument();
  });

  it('marks the current page', async () => {
    server(10);
    renderApp({ path: '/library/lessons', session: makeSession() });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Library' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    for (const name of ['Home', 'Library', 'Create', 'Sources', 'Credits']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it('shows the balance, and no Buy Credits while credits remain', async () => {
    server(10);
    renderApp({ path: '/library', session: makeSession() });
    expect(await screen.findByTestId('credit-balance')).toHaveTextContent('10 credits');
    expect(screen.queryByRole('link', { name: 'Buy Credits' })).not.toBeInTheDocument();
  });

  it('shows Buy Credits when the user is out of credits', async () => {
    server(0);
    renderApp({ path: '/library', session: makeSession() });
    expect(await screen.findByRole('link', { name: 'Buy Credits' })).toHaveAttribute('href', '/credits');
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('0 credits');
  });

  it('has a keyboard-operable user menu with name, e-mail, credits, Buy Credits and Sign Out', async () => {
    server(1);
    const { user, router } = renderApp({ path: '/library', session: makeSession() });
    await screen.findByTestId('credit-balance');
    const button = screen.getByRole('button', { name: 'Account menu for Ada Lovelace' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(menu).toBeVisible();
    expect(within(menu).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByText('1 credit')).toBeInTheDocument();
    const buy = within(menu).getByRole('menuitem', { name: 'Buy Credits' });
    expect(buy).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Sign Out' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(buy).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).not.toBeVisible();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Buy Credits' }));
    expect(router.state.location.pathname).toBe('/credits');
  });

  it('signs out, clears the user data and says so', async () => {
    const { requests } = server(5);
    const { user, router, queryClient } = renderApp({ path: '/library', session: makeSession() });
    await screen.findByTestId('credit-balance');
    queryClient.setQueryData(['library', 'courses'], [{ id: 'c1' }]);
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST' && r.url === '/auth/logout' && r.credentials === 'include')).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(queryClient.getQueryData(['library', 'courses'])).toBeUndefined();
  });

  it('says when signing out failed and stays signed in', async () => {
    server(5, 500);
    const { user } = renderApp({ path: '/library', session: makeSession() });
    await screen.findByTestId('credit-balance');
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByText('Error signing out')).toBeInTheDocument();
    expect(screen.getByTestId('credit-balance')).toBeInTheDocument();
  });

  it('searches with a non-empty query only', async () => {
    server(5);
    const { user, router } = renderApp({ path: '/library', session: makeSession() });
    const box = screen.getByRole('searchbox', { name: 'Search your library' });
    await user.type(box, '   {Enter}');
    expect(router.state.location.pathname).toBe('/library');
    await user.clear(box);
    await user.type(box, 'linear algebra{Enter}');
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=linear%20algebra');
    expect(await screen.findByRole('heading', { name: 'Results for “linear algebra”' })).toBeInTheDocument();
  });
});
