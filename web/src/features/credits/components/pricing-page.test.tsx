import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';

const packages = {
  packages: {
    starter: { id: 'starter', name: 'Starter Pack', credits: 10, price: 499, currency: 'usd' },
    pro: { id: 'pro', name: 'Pro Pack', credits: 25, price: 999, currency: 'usd' },
  },
};

describe('pricing for a visitor (issue 54)', () => {
  it('is reached from the footer signed out and shows what things cost and the packages', async () => {
    mockFetch({
      'POST /auth/refresh': () => json({ detail: 'Not signed in' }, 401),
      'GET /api/credit-packages': () => json(packages),
      'GET /api/public/explore/courses': () => json({ courses: [], has_more: false }),
      'GET /api/public/explore/videos': () => json({ videos: [], has_more: false }),
    });
    const { user, router } = renderApp({ path: '/', session: null });
    expect(await screen.findByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '/pricing');
    await user.click(within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', { name: 'Pricing' }));
    expect(router.state.location.pathname).toBe('/pricing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
    expect(screen.queryByText('Welcome back')).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /A step-by-step problem solution 1 credit/ })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('pricing-package');
    expect(cards.map((c) => c.textContent)).toEqual([
      'Starter Pack 10 credits$4.99$0.50 per credit',
      'Pro Pack 25 credits$9.99$0.40 per credit',
    ]);
    expect(screen.getByRole('link', { name: /Sign up/ })).toHaveAttribute('href', '/auth?mode=signup');
  });
});
