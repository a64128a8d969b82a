import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCreditBalance } from '@/features/credits/hooks/use-credit-balance';
import { accessToken } from '@/lib/access-token';
import { json, mockFetch, never } from '@/testing/mock-fetch';

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const credits = (available: number) => ({
  available,
  total_purchased: 0,
  total_used: 10 - available,
  last_purchase: null,
  subscription_status: 'free',
});

describe('useCreditBalance', () => {
  afterEach(() => vi.useRealTimers());

  it('loads the balance with the bearer token', async () => {
    const { requests } = mockFetch({ 'GET /api/auth/user/u%201/credits': json({ credits: credits(2) }) });
    accessToken.set('tok');
    const { result } = renderHook(() => useCreditBalance('u 1'), { wrapper: wrapper() });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current).toMatchObject({ error: null, isLow: true, isOut: false, message: 'You have 2 credits remaining.' });
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer tok');
  });

  it('says when the balance is out', async () => {
    mockFetch({ 'GET /api/auth/user/u1/credits': json({ credits: credits(0) }) });
    const { result } = renderHook(() => useCreditBalance('u1'), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.isOut).toBe(true));
  });

  it('resets to zeros and explains a 401', async () => {
    mockFetch({ 'GET /api/auth/user/u1/credits': json({ detail: 'Invalid token' }, 401) });
    const { result } = renderHook(() => useCreditBalance('u1'), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.error).toBe('Unable to load credits. Authentication failed. Please sign in again.');
    expect(result.current.credits.available).toBe(0);
    expect(result.current.loading).toBe(false);
  });

  it('gives up the request after 8 seconds', async () => {
    vi.useFakeTimers();
    mockFetch({ 'GET /api/auth/user/u1/credits': () => never<Response>() });
    const { result } = renderHook(() => useCreditBalance('u1'), { wrapper: wrapper() });
    await act(() => vi.advanceTimersByTimeAsync(7_990));
    expect(result.current.loading).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(result.current.error).toBe('Unable to load credits. The request timed out. Please try again.');
    expect(result.current.loading).toBe(false);
  });

  it('explains a dropped connection', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const client = new QueryClient({ defaultOptions: { queries: { retryDelay: 1 } } });
    const { result } = renderHook(() => useCreditBalance('u1'), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.error).toBe(
      'Unable to load credits. Please check your internet connection and try refreshing the page.',
    );
  });

  it('stops loading after 5 seconds when there is no user id', async () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCreditBalance(null), { wrapper: wrapper() });
    expect(result.current.loading).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(4_999));
    expect(result.current.loading).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.loading).toBe(false);
  });
});
