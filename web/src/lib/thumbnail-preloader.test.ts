import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CACHE_CHECK_INTERVAL_MS,
  concurrencyFor,
  type ImageLoader,
  ThumbnailPreloader,
} from '@/lib/thumbnail-preloader';

type Pending = { url: string; resolve: (result: 'loaded' | 'failed') => void; signal: AbortSignal };

/** A loader whose images finish when the test says so. */
function controlledLoader() {
  const pending: Pending[] = [];
  const calls: string[] = [];
  const loader: ImageLoader = (url, signal) =>
    new Promise((resolve) => {
      calls.push(url);
      pending.push({ url, resolve, signal });
    });
  const finish = (url: string, result: 'loaded' | 'failed' = 'loaded') => {
    const index = pending.findIndex((p) => p.url === url);
    const [entry] = pending.splice(index, 1);
    entry?.resolve(result);
  };
  return { loader, pending, calls, finish };
}

const logger = () => ({ warn: vi.fn(), info: vi.fn() });
const urls = (n: number) => Array.from({ length: n }, (_, i) => `/t/${i}.jpg`);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('thumbnail preloader (SPEC 4.5, 9)', () => {
  it('derives concurrency from priority: high doubles up to 10, low halves down to 2', () => {
    expect(concurrencyFor('normal')).toBe(5);
    expect(concurrencyFor('high')).toBe(10);
    expect(concurrencyFor('high', 3)).toBe(6);
    expect(concurrencyFor('low')).toBe(2);
    expect(concurrencyFor('low', 15)).toBe(7);
  });

  it('keeps at most the concurrency in flight', async () => {
    const { loader, pending, finish } = controlledLoader();
    const preloader = new ThumbnailPreloader(loader, logger());
    const run = preloader.preload(urls(12));
    await vi.advanceTimersByTimeAsync(0);
    expect(pending).toHaveLength(5);
    finish('/t/0.jpg');
    await vi.advanceTimersByTimeAsync(0);
    expect(pending).toHaveLength(5);
    expect(run.loaded).toBe(1);

    const navigation = preloader.preload(urls(40).slice(20), { concurrency: 15 });
    await vi.advanceTimersByTimeAsync(0);
    expect(pending).toHaveLength(20);
    expect(navigation.total).toBe(20);
    const high = preloader.preloadHighPriority(urls(60).slice(40));
    await vi.advanceTimersByTimeAsync(0);
    expect(pending).toHaveLength(30);
    expect(high.total).toBe(20);
  });

  it('moves each image from not cached to loading to cached', async () => {
    const { loader, finish } = controlledLoader();
    const preloader = new ThumbnailPreloader(loader, logger());
    expect(preloader.state('/a.jpg')).toBe('not-cached');
    const run = preloader.preload(['/a.jpg']);
    await vi.advanceTimersByTimeAsync(0);
    expect(preloader.state('/a.jpg')).toBe('loading');
    finish('/a.jpg');
    await run.done;
    expect(preloader.state('/a.jpg')).toBe('cached');
    expect(run.finished).toBe(true);
  });

  it('never retries an image that failed, logs it and carries on', async () => {
    const { loader, calls, finish } = controlledLoader();
    const log = logger();
    const preloader = new ThumbnailPreloader(loader, log);
    const run = preloader.preload(['/bad.jpg', '/good.jpg']);
    await vi.advanceTimersByTimeAsync(0);
    finish('/bad.jpg', 'failed');
    finish('/good.jpg');
    await run.done;
    expect(run.failed).toBe(1);
    expect(run.loaded).toBe(1);
    expect(log.warn).toHaveBeenCalledWith('Failed to load /bad.jpg');
    expect(preloader.stats().failed).toBe(1);

    const again = preloader.preload(['/bad.jpg', '/good.jpg']);
    await again.done;
    expect(calls).toEqual(['/bad.jpg', '/good.jpg']);
    expect(again.loaded + again.failed).toBe(0);
  });

  it('gives each image 3 seconds, then counts a timeout as a failure', async () => {
    const { loader, pending } = controlledLoader();
    const log = logger();
    const preloader = new ThumbnailPreloader(loader, log);
    const run = preloader.preload(['/slow.jpg']);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(run.finished).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await run.done;
    expect(run.failed).toBe(1);
    expect(log.warn).toHaveBeenCalledWith('Timeout loading /slow.jpg');
    expect(pending[0]?.signal.aborted).toBe(true);
    expect(preloader.state('/slow.jpg')).toBe('cached');
  });

  it('loads an image once when two runs ask for it', async () => {
    const { loader, calls, finish } = controlledLoader();
    const preloader = new ThumbnailPreloader(loader, logger());
    const first = preloader.preload(['/same.jpg']);
    const second = preloader.preload(['/same.jpg', '/same.jpg', null, '']);
    await vi.advanceTimersByTimeAsync(0);
    finish('/same.jpg');
    await Promise.all([first.done, second.done]);
    expect(calls).toEqual(['/same.jpg']);
    expect(second.total).toBe(1);
    expect(second.loaded).toBe(1);
  });

  it('stops starting images once its signal aborts', async () => {
    const { loader, calls, finish } = controlledLoader();
    const preloader = new ThumbnailPreloader(loader, logger());
    const controller = new AbortController();
    const run = preloader.preload(urls(4), { concurrency: 1, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    finish('/t/0.jpg');
    await run.done;
    expect(calls).toEqual(['/t/0.jpg']);
  });

  it('estimates 50 KB an image and clears the set past 50 MB on the 60-second check', async () => {
    const loader: ImageLoader = () => Promise.resolve('loaded');
    const log = logger();
    const preloader = new ThumbnailPreloader(loader, log);
    preloader.start();
    await preloader.preload(urls(1024), { concurrency: 50 }).done;
    expect(preloader.stats().estimatedBytes).toBe(50 * 1024 * 1024);
    await vi.advanceTimersByTimeAsync(CACHE_CHECK_INTERVAL_MS);
    expect(preloader.stats().cached).toBe(1024);

    await preloader.preload(['/one-more.jpg']).done;
    await vi.advanceTimersByTimeAsync(CACHE_CHECK_INTERVAL_MS - 1);
    expect(preloader.stats().cached).toBe(1025);
    await vi.advanceTimersByTimeAsync(1);
    expect(preloader.stats().cached).toBe(0);
    expect(log.info).toHaveBeenCalled();
    preloader.stop();
  });

  it('forgets everything on clear, and late results of earlier loads are not recorded', async () => {
    const { loader, finish } = controlledLoader();
    const preloader = new ThumbnailPreloader(loader, logger());
    const run = preloader.preload(['/private.jpg', '/other.jpg']);
    await vi.advanceTimersByTimeAsync(0);
    finish('/other.jpg');
    await vi.advanceTimersByTimeAsync(0);
    preloader.clear();
    finish('/private.jpg');
    await run.done;
    expect(preloader.state('/private.jpg')).toBe('not-cached');
    expect(preloader.state('/other.jpg')).toBe('not-cached');
    expect(preloader.stats()).toMatchObject({ cached: 0, loading: 0, failed: 0 });
  });
});
