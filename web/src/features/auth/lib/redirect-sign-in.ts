import { serverUrl } from '@/lib/api-client';
import { safeReturnPath } from '@/features/auth/lib/return-path';

export function redirectStartUrl(returnTo: string): string {
  return serverUrl(`/auth/google/start?mode=redirect&return_to=${encodeURIComponent(safeReturnPath(returnTo))}`);
}

export function startRedirectSignIn(returnTo: string, win: Window = window): void {
  win.location.assign(redirectStartUrl(returnTo));
}

export type RedirectSignInResult =
  | { kind: 'first-sign-in' }
  | { kind: 'welcome-back' }
  | { kind: 'error'; message: string };

/**
 * Reads the outcome the server appended after a redirect sign-in (`?signin=first|welcome`
 * or `?signin_error=...`) and strips it from the address bar, so a reload does not repeat it.
 * Call before the router reads the location.
 */
export function takeRedirectSignInResult(win: Window = window): RedirectSignInResult | null {
  const url = new URL(win.location.href);
  const signin = url.searchParams.get('signin');
  const error = url.searchParams.get('signin_error');
  if (signin === null && error === null) return null;
  url.searchParams.delete('signin');
  url.searchParams.delete('signin_error');
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (error !== null) return { kind: 'error', message: error || 'Unknown error' };
  return signin === 'first' ? { kind: 'first-sign-in' } : { kind: 'welcome-back' };
}
