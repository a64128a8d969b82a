import { describe, expect, it, vi } from 'vitest';
import { FALLBACK_PACKAGES, getCreditPackages } from '@/features/credits/api/get-credit-packages';
import { json, mockFetch, never } from '@/testing/mock-fetch';

describe('credit packages', () => {
  it('lists the server packages by size', async () => {
    mockFetch({
      'GET /api/credit-packages': json({
        packages: {
          pro: { id: 'pro', name: 'Pro Pack', credits: 25, price: 999, currency: 'usd' },
          starter: { id: 'starter', name: 'Starter Pack', credits: 10, price: 499, currency: 'usd' },
        },
      }),
    });
    const result = await getCreditPackages();
    expect(result.fromServer).toBe(true);
    expect(result.packages.map((p) => p.id)).toEqual(['starter', 'pro']);
  });

  it('uses the built-in list of SPEC 9 when the server fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch({ 'GET /api/credit-packages': json({ detail: 'down' }, 503) });
    await expect(getCreditPackages()).resolves.toEqual({ packages: FALLBACK_PACKAGES, fromServer: false });
    expect(FALLBACK_PACKAGES).toEqual([
      { id: 'starter', name: 'Starter Pack', credits: 10, price: 499 },
      { id: 'pro', name: 'Pro Pack', credits: 25, price: 999 },
      { id: 'unlimited', name: 'Power Pack', credits: 60, price: 1999 },
    ]);
  });

  it('gives up on the server after 5 seconds', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      mockFetch({ 'GET /api/credit-packages': () => never<Response>() });
      const pending = getCreditPackages();
      await vi.advanceTimersByTimeAsync(5_000);
      await expect(pending).resolves.toMatchObject({ fromServer: false });
    } finally {
      vi.useRealTimers();
    }
  });
});
