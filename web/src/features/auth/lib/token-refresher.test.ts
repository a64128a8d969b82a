import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, createTokenRefresher, refreshDelay } from '@/features/auth/lib/token-refresher';

const MINUTE = 60_000;
type S = { expiresAt: number; id: number };

describe('refresh timing', () => {
  it('refreshes 5 minutes before expiry', () => {
    expect(refreshDelay(60 * MINUTE, 0)).toBe(55 * MINUTE);
    expect(refreshDelay(15 * MINUTE, 0)).toBe(10 * MINUTE);
  });

  it('refreshes an expired token at once, and a short-lived one without looping', () => {
    expect(refreshDelay(0, 1000)).toBe(0);
    expect(refreshDelay(4 * MINUTE, 0)).toBe(30_000);
    expect(refreshDelay(20_000, 0)).toBe(10_000);
  });

  it('backs off from 30 s, doubling, capped at 16 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(backoffDelay)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000, 960_000,
    ]);
  });
});

describe('token refresher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  function setup(refresh: () => Promise<S | null>) {
    const onRefreshed = vi.fn();
    const onSignedOut = vi.fn();
    const refreshMock = vi.fn(refresh);
    const refresher = createTokenRefresher<S>({ refresh: refreshMock, onRefreshed, onSignedOut });
    return { refresher, refresh: refreshMock, onRefreshed, onSignedOut };
  }

  it('refreshes 5 minutes before the token expires, then follows the new expiry', async () => {
    let n = 0;
    const { refresher, refresh, onRefreshed } = setup(async () => ({ id: ++n, expiresAt: Date.now() + 15 * MINUTE }));
    refresher.track({ id: 0, expiresAt: 15 * MINUTE });

    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onRefreshed).toHaveBeenLastCalledWith({ id: 1, expiresAt: 25 * MINUTE });

    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(2);
    refresher.stop();
  });

  it('retries failures after 30 s, 60 s, 120 s ... capped at 16 minutes', async () => {
    const { refresher, refresh } = setup(() => Promise.reject(new Error('offline')));
    refresher.track({ id: 0, expiresAt: 0 });
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);

    const expectedGaps = [30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000];
    for (const [i, gap] of expectedGaps.entries()) {
      await vi.advanceTimersByTimeAsync(gap - 1);
      expect(refresh).toHaveBeenCalledTimes(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(refresh).toHaveBeenCalledTimes(i + 2);
    }
    refresher.stop();
  });

  it('resets the backoff after a success', async () => {
    let fail = true;
    const { refresher, refresh } = setup(async () => {
      if (fail) throw new Error('offline');
      return { id: 1, expiresAt: Date.now() + 6 * MINUTE };
    });
    refresher.track({ id: 0, expiresAt: 0 });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    fail = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    fail = true;
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(refresh).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(5);
    refresher.stop();
  });

  it('reports signed out when the server has no session any more', async () => {
    const { refresher, onSignedOut, refresh } = setup(async () => null);
    refresher.track({ id: 0, expiresAt: 6 * MINUTE });
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(onSignedOut).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('retries a failed page-load check with backoff until it answers', async () => {
    let fail = true;
    const { refresher, refresh, onRefreshed } = setup(async () => {
      if (fail) throw new Error('offline');
      return { id: 1, expiresAt: Date.now() + 60 * MINUTE };
    });
    refresher.retryLater();
    refresher.retryLater();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    fail = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(onRefreshed).toHaveBeenCalledWith({ id: 1, expiresAt: 60 * MINUTE + 90_000 });
    refresher.stop();
  });

  it('does nothing after stop', async () => {
    const { refresher, refresh } = setup(async () => null);
    refresher.track({ id: 0, expiresAt: 6 * MINUTE });
    refresher.stop();
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(refresh).not.toHaveBeenCalled();
  });
});
