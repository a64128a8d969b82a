import { describe, expect, it } from 'vitest';
import { CHECKOUT_ERRORS, createCheckoutSession } from '@/features/credits/api/create-checkout-session';
import { json, mockFetch } from '@/testing/mock-fetch';

const input = { packageId: 'pro', userId: 'u1', origin: 'https://lectern.test' };

describe('checkout session (SPEC 7, 8)', () => {
  it('asks for a session with the purchase-success and credits return addresses', async () => {
    const { requests } = mockFetch({
      'POST /api/create-checkout-session': json({ url: 'https://pay.example/s/1', session_id: 'cs_1' }),
    });
    await expect(createCheckoutSession(input)).resolves.toEqual({ url: 'https://pay.example/s/1', session_id: 'cs_1' });
    expect(requests[0]?.body).toEqual({
      package_id: 'pro',
      user_id: 'u1',
      success_url: 'https://lectern.test/purchase-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://lectern.test/credits?checkout=cancelled',
    });
  });

  it('needs a signed-in user', async () => {
    await expect(createCheckoutSession({ ...input, userId: null })).rejects.toThrow(CHECKOUT_ERRORS.signedOut);
  });

  it('shows the server detail, else the generic failure', async () => {
    mockFetch({ 'POST /api/create-checkout-session': json({ detail: 'Unknown package' }, 400) });
    await expect(createCheckoutSession(input)).rejects.toThrow('Unknown package');
    mockFetch({ 'POST /api/create-checkout-session': json({}, 500, 'Internal Server Error') });
    await expect(createCheckoutSession(input)).rejects.toThrow(CHECKOUT_ERRORS.failed);
  });

  it('shows the detail of a 404 (an unknown package), not a generic message', async () => {
    mockFetch({ 'POST /api/create-checkout-session': json({ detail: 'package_id: no such package' }, 404) });
    await expect(createCheckoutSession(input)).rejects.toThrow('package_id: no such package');
  });

  it('refuses an answer without url, or one that is not JSON', async () => {
    mockFetch({ 'POST /api/create-checkout-session': json({ session_id: 'cs_1' }) });
    await expect(createCheckoutSession(input)).rejects.toThrow(CHECKOUT_ERRORS.noUrl);
    mockFetch({ 'POST /api/create-checkout-session': () => new Response('<html>', { status: 200 }) });
    await expect(createCheckoutSession(input)).rejects.toThrow(CHECKOUT_ERRORS.invalid);
  });
});
