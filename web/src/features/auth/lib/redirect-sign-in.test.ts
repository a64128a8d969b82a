import { afterEach, describe, expect, it } from 'vitest';
import { redirectStartUrl, takeRedirectSignInResult } from '@/features/auth/lib/redirect-sign-in';

describe('redirect sign-in', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('starts at the server with the return path', () => {
    expect(redirectStartUrl('/library?tab=1')).toBe('/auth/google/start?mode=redirect&return_to=%2Flibrary%3Ftab%3D1');
    expect(redirectStartUrl('https://evil.example')).toBe('/auth/google/start?mode=redirect&return_to=%2F');
  });

  it('reads a first sign-in and strips it from the address', () => {
    window.history.replaceState(null, '', '/create?signin=first&keep=1#top');
    expect(takeRedirectSignInResult()).toEqual({ kind: 'first-sign-in' });
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/create?keep=1#top');
  });

  it('reads a welcome back', () => {
    window.history.replaceState(null, '', '/library?signin=welcome');
    expect(takeRedirectSignInResult()).toEqual({ kind: 'welcome-back' });
    expect(window.location.search).toBe('');
  });

  it('reads an error message', () => {
    window.history.replaceState(null, '', '/?signin_error=The%20state%20did%20not%20match');
    expect(takeRedirectSignInResult()).toEqual({ kind: 'error', message: 'The state did not match' });
    expect(window.location.search).toBe('');
  });

  it('finds nothing on an ordinary load', () => {
    window.history.replaceState(null, '', '/library?q=1');
    expect(takeRedirectSignInResult()).toBeNull();
    expect(window.location.search).toBe('?q=1');
  });
});
