import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckoutSessionStatus } from '@/features/credits/api/get-checkout-session';
import { makeSession, makeUser } from '@/testing/data';
import { json, mockFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';

function checkout(overrides: Partial<CheckoutSessionStatus> = {}): CheckoutSessionStatus {
  return {
    session_id: 'cs_test_abc123def456',
    status: 'open',
    payment_status: 'unpaid',
    credits_applied: false,
    credits: 25,
    amount: 999,
    currency: 'usd',
    package: { id: 'pro', name: 'Pro Pack', credits: 25, price: 999, currency: 'usd' },
    created_at: '2026-01-01T00:00:00Z',
    completed_at: null,
    ...overrides,
  };
}

const credits = (available: number) => ({ credits: { ...makeUser().credits, available, total_purchased: available - 10 } });

describe('purchase confirmation', () => {
  it('waits until the purchase is applied, then shows the new balance', async () => {
    let polls = 0;
    let applied = false;
    mockFetch({
      'GET /api/checkout-session/cs_test_abc123def456': () => {
        polls += 1;
        applied = polls >= 2;
        return json(applied ? checkout({ status: 'complete', payment_status: 'paid', credits_applied: true }) : checkout());
      },
      'GET /api/auth/user/user-1/credits': () => json(credits(applied ? 35 : 10)),
    });

    renderApp({ path: '/purchase-success?session_id=cs_test_abc123def456', session: makeSession() });

    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment confirmed' }, { timeout: 4_000 })).toBeInTheDocument();
    expect(screen.getByText('25 credits have been added to your account.')).toBeInTheDocument();
    const summary = screen.getByLabelText('Order summary');
    expect(within(summary).getByText('Pro Pack')).toBeInTheDocument();
    expect(within(summary).getByText('$9.99')).toBeInTheDocument();
    await screen.findByText('You have 35 credits available.', {}, { timeout: 4_000 });
    expect(screen.getByTestId('credits-available')).toHaveTextContent('35');
  });

  it('says when the payment failed and nothing was added', async () => {
    mockFetch({
      'GET /api/checkout-session/cs_test_abc123def456': json(checkout({ status: 'failed' })),
      'GET /api/auth/user/user-1/credits': json(credits(10)),
    });

    renderApp({ path: '/credits/success?session_id=cs_test_abc123def456', session: makeSession() });

    expect(await screen.findByRole('heading', { name: "Your payment didn't go through" })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('You were not charged');
    expect(screen.getByRole('link', { name: 'Back to credits' })).toHaveAttribute('href', '/credits');
  });

  it('says plainly when the purchase is not the caller’s or does not exist', async () => {
    mockFetch({
      'GET /api/checkout-session/cs_nope': json({ detail: 'Checkout session not found' }, 404),
      'GET /api/auth/user/user-1/credits': json(credits(10)),
    });

    renderApp({ path: '/purchase-success?session_id=cs_nope', session: makeSession() });

    expect(await screen.findByRole('heading', { name: "We couldn't find this purchase" })).toBeInTheDocument();
  });

  it('tells a returning buyer who cancelled that nothing was charged', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': json(credits(10)),
      'GET /api/credit-packages': json({ packages: { pro: { id: 'pro', name: 'Pro Pack', credits: 25, price: 999 } } }),
    });

    renderApp({ path: '/credits?checkout=cancelled', session: makeSession() });

    expect(await screen.findByText(/Checkout cancelled\. You were not charged/)).toBeInTheDocument();
  });
});
