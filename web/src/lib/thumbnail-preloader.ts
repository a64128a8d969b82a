/**
 * SPEC.md 4.5 and 9: thumbnails are fetched ahead of the pages that show them.
 *
 * Each image is not cached, loading, or cached. An image that loads or fails joins the
 * cached set and is never tried again; a failure is logged as a warning, counted, and the
 * rest carry on. Each image gets 3 s. The memory the cached images take is estimated at
 * 50 KB each, checked every 60 s, and the set is cleared past 50 MB.
 */

export const THUMBNAIL_TIMEOUT_MS = 3_000;
export const DEFAULT_CONCURRENCY = 5;
export const EXPLICIT_HIGH_PRIORITY_CONCURRENCY = 10;
export const ESTIMATED_BYTES_PER_IMAGE = 50 * 1024;
export const CACHE_LIMIT_BYTES = 50 * 1024 * 1024;
export const CACHE_CHECK_INTERVAL_MS = 60_000;

export type Priority = 'high' | 'normal' | 'low';

export type ImageState = 'not-cached' | 'loading' | 'cached';

type Outcome = 'loaded' | 'failed' | 'timeout';

/** Loads one image; resolves 'loaded' or 'failed', and stops when `signal` aborts. */
export type ImageLoader = (url: string, signal: AbortSignal) => Promise<'loaded' | 'failed'>;

export const browserImageLoader: ImageLoader = (url, signal) =>
  new Promise((resolve) => {
    const img = new Image();
    img.decoding = 'async';
    const done = (result: 'loaded' | 'failed') => {
      img.onload = null;
      img.onerror = null;
      signal.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const onAbort = () => {
      // Stops the download; the result no longer matters.
      img.src = '';
      done('failed');
    };
    signal.addEventListener('abort', onAbort, { once: true });
    img.onload = () => done('loaded');
    img.onerror = () => done('failed');
    img.src = url;
  });

/** SPEC 9: high priority doubles the concurrency up to 10, low halves it down to 2. */
export function concurrencyFor(priority: Priority, base = DEFAULT_CONCURRENCY): number {
  if (priority === 'high') return Math.min(10, base * 2);
  if (priority === 'low') return Math.max(2, Math.floor(base / 2));
  return base;
}

export type PreloadOptions = {
  priority?: Priority;
  /** Overrides the concurrency the priority gives (the navigation preload uses 15). */
  concurrency?: number;
  /** Stops starting new images (those already loading finish on their own timeout). */
  signal?: AbortSignal;
};

/** One preload run: how it went so far, and a promise for its end. */
export type PreloadRun = {
  readonly total: number;
  readonly loaded: number;
  readonly failed: number;
  readonly finished: boolean;
  done: Promise<void>;
};

export type PreloaderStats = { cached: number; loading: number; failed: number; estimatedBytes: number };

type Logger = Pick<Console, 'warn' | 'info'>;

export class ThumbnailPreloader {
  private readonly cached = new Set<string>();
  private readonly loading = new Map<string, Promise<Outcome>>();
  private failures = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Bumped by clear(): results of loads started before it are not recorded. */
  private generation = 0;

  constructor(
    private readonly loader: ImageLoader = browserImageLoader,
    private readonly logger: Logger = console,
  ) {}

  state(url: string): ImageState {
    if (this.cached.has(url)) return 'cached';
    if (this.loading.has(url)) return 'loading';
    return 'not-cached';
  }

  stats(): PreloaderStats {
    return {
      cached: this.cached.size,
      loading: this.loading.size,
      failed: this.failures,
      estimatedBytes: this.cached.size * ESTIMATED_BYTES_PER_IMAGE,
    };
  }

  /** Preloads `urls` (duplicates and empty entries ignored) with a bounded number in flight. */
  preload(urls: readonly (string | null | undefined)[], options: PreloadOptions = {}): PreloadRun {
    const queue = [...new Set(urls.filter((u): u is string => Boolean(u)))];
    const concurrency = Math.max(1, options.concurrency ?? concurrencyFor(options.priority ?? 'normal'));
    const run = { total: queue.length, loaded: 0, failed: 0, finished: false };
    const worker = async () => {
      for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
        if (options.signal?.aborted) return;
        const outcome = await this.load(url);
        if (outcome === 'loaded') run.loaded += 1;
        else if (outcome !== 'cached') run.failed += 1;
      }
    };
    const done = Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker)).then(() => {
      run.finished = true;
    });
    return Object.assign(run, { done });
  }

  /** SPEC 9's explicit high-priority preload: 10 at a time. */
  preloadHighPriority(urls: readonly (string | null | undefined)[]): PreloadRun {
    return this.preload(urls, { concurrency: EXPLICIT_HIGH_PRIORITY_CONCURRENCY });
  }

  private load(url: string): Promise<Outcome | 'cached'> {
    if (this.cached.has(url)) return Promise.resolve('cached');
    const inFlight = this.loading.get(url);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<Outcome>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), THUMBNAIL_TIMEOUT_MS);
    });
    const attempt = Promise.race([
      this.loader(url, controller.signal).catch((): Outcome => 'failed'),
      timeout,
    ]).then((outcome) => {
      clearTimeout(timer);
      if (outcome === 'timeout') controller.abort();
      if (generation === this.generation) {
        this.loading.delete(url);
        // Loaded or failed alike: never tried again.
        this.cached.add(url);
        if (outcome !== 'loaded') {
          this.failures += 1;
          this.logger.warn(outcome === 'timeout' ? `Timeout loading ${url}` : `Failed to load ${url}`);
        }
      }
      return outcome;
    });
    this.loading.set(url, attempt);
    return attempt;
  }

  /** Forgets every image (sign-out, or the memory estimate running over). */
  clear(): void {
    this.generation += 1;
    this.cached.clear();
    this.loading.clear();
    this.failures = 0;
  }

  /** Clears the set when its estimated memory passes 50 MB; true when it did. */
  checkMemory(): boolean {
    const { estimatedBytes } = this.stats();
    if (estimatedBytes <= CACHE_LIMIT_BYTES) return false;
    this.logger.info(`Thumbnail cache estimate ${Math.round(estimatedBytes / 1024 / 1024)} MB is over 50 MB: cleared`);
    this.clear();
    return true;
  }

  /** Starts the 60-second memory check. */
  start(): void {
    if (this.timer === null) this.timer = setInterval(() => this.checkMemory(), CACHE_CHECK_INTERVAL_MS);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}
