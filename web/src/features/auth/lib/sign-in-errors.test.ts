import { describe, expect, it } from 'vitest';
import { offersRedirect, redirectFailedMessage, signInErrorMessage } from '@/features/auth/lib/sign-in-errors';

describe('sign-in messages (SPEC 8)', () => {
  it.each([
    ['auth/popup-closed-by-user', 'Sign-in was cancelled. Please try again.'],
    ['auth/popup-blocked', 'Pop-up was blocked. Please allow pop-ups and try again.'],
    ['auth/cancelled-popup-request', 'Another sign-in popup is already open. Please check your other tabs.'],
    ['auth/operation-not-allowed', 'Google Sign-In is not enabled. Please contact support.'],
    ['auth/unauthorized-domain', 'This domain is not authorized for Google Sign-In. Please contact support.'],
    ['auth/network-request-failed', 'Network error. Please check your internet connection and try again.'],
    ['auth/unexpected-error', 'An unexpected error occurred. Please try again.'],
    ['auth/internal-error', 'Failed to sign in with Google. Please try again.'],
  ])('%s', (code, text) => {
    expect(signInErrorMessage(code)).toBe(`${text} (Error: ${code})`);
  });

  it('offers the redirect method only after a blocked or cancelled popup', () => {
    expect(offersRedirect('auth/popup-blocked')).toBe(true);
    expect(offersRedirect('auth/cancelled-popup-request')).toBe(true);
    expect(offersRedirect('auth/popup-closed-by-user')).toBe(false);
    expect(offersRedirect('auth/network-request-failed')).toBe(false);
  });

  it('words a redirect failure', () => {
    expect(redirectFailedMessage('access_denied')).toBe('Redirect sign-in failed: access_denied');
  });
});
