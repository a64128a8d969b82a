import {
  TOKEN_REFRESH_BACKOFF_INITIAL_MS,
  TOKEN_REFRESH_BACKOFF_MAX_MS,
  TOKEN_REFRESH_LEAD_MS,
} from '@/config/constants';

type RefreshableSession = { expiresAt: number };

export type TokenRefresherOptions<S extends RefreshableSession> = {
  refresh: () => Promise<S | null>;
  onRefreshed: (session: S) => void;
  onSignedOut: () => void;
  now?: () => number;
};

export type TokenRefresher<S extends RefreshableSession> = {
  /** Keep this session fresh; a session already tracked is left alone. */
  track: (session: S) => void;
  /** A refresh failed outside the refresher (e.g. at page load): retry with backoff. */
  retryLater: () => void;
  stop: () => void;
};

/** Browsers run a timer with a delay over 2^31-1 ms immediately; never ask for more. */
const MAX_TIMER_MS = 2_147_483_647;

/** A token that lives less than the lead time is refreshed halfway, but never more often than this. */
const MIN_REFRESH_GAP_MS = 30_000;

/**
 * SPEC 4.3 / 9: refresh 5 minutes before the token expires. A token issued for 5 minutes
 * or less would make that "at once", again and again; it is refreshed halfway instead.
 */
export function refreshDelay(expiresAt: number, now: number): number {
  const remaining = expiresAt - now;
  if (remaining <= 0) return 0;
  const beforeLead = remaining - TOKEN_REFRESH_LEAD_MS;
  return Math.min(MAX_TIMER_MS, Math.max(beforeLead, Math.min(remaining / 2, MIN_REFRESH_GAP_MS)));
}

/** SPEC 4.3 / 9: after the n-th consecutive failure wait 30 s, doubling, capped at 16 minutes. */
export function backoffDelay(failures: number): number {
  const exponent = Math.max(0, failures - 1);
  return Math.min(TOKEN_REFRESH_BACKOFF_INITIAL_MS * 2 ** exponent, TOKEN_REFRESH_BACKOFF_MAX_MS);
}

export function createTokenRefresher<S extends RefreshableSession>(
  options: TokenRefresherOptions<S>,
): TokenRefresher<S> {
  const now = options.now ?? Date.now;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let tracked: S | null = null;
  let generation = 0;

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const schedule = (delay: number) => {
    clear();
    const mine = generation;
    timer = setTimeout(() => void run(mine), delay);
  };

  async function run(mine: number) {
    timer = undefined;
    let session: S | null;
    try {
      session = await options.refresh();
    } catch {
      if (mine !== generation) return;
      failures += 1;
      schedule(backoffDelay(failures));
      return;
    }
    if (mine !== generation) return;
    failures = 0;
    if (session === null) {
      tracked = null;
      options.onSignedOut();
      return;
    }
    tracked = session;
    schedule(refreshDelay(session.expiresAt, now()));
    options.onRefreshed(session);
  }

  return {
    track(session) {
      if (tracked === session && timer !== undefined) return;
      generation += 1;
      tracked = session;
      failures = 0;
      schedule(refreshDelay(session.expiresAt, now()));
    },
    retryLater() {
      if (timer !== undefined && tracked === null) return;
      generation += 1;
      tracked = null;
      failures += 1;
      schedule(backoffDelay(failures));
    },
    stop() {
      generation += 1;
      tracked = null;
      failures = 0;
      clear();
    },
  };
}
