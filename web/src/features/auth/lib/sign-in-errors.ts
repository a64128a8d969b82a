/** SPEC.md section 8 sign-in messages, keyed by the error code the popup or client reports. */
export const SIGN_IN_CODES = {
  popupClosed: 'auth/popup-closed-by-user',
  popupBlocked: 'auth/popup-blocked',
  cancelledPopup: 'auth/cancelled-popup-request',
  operationNotAllowed: 'auth/operation-not-allowed',
  unauthorizedDomain: 'auth/unauthorized-domain',
  network: 'auth/network-request-failed',
  unexpected: 'auth/unexpected-error',
} as const;

const messages: Record<string, string> = {
  [SIGN_IN_CODES.popupClosed]: 'Sign-in was cancelled. Please try again.',
  [SIGN_IN_CODES.popupBlocked]: 'Pop-up was blocked. Please allow pop-ups and try again.',
  [SIGN_IN_CODES.cancelledPopup]: 'Another sign-in popup is already open. Please check your other tabs.',
  [SIGN_IN_CODES.operationNotAllowed]: 'Google Sign-In is not enabled. Please contact support.',
  [SIGN_IN_CODES.unauthorizedDomain]: 'This domain is not authorized for Google Sign-In. Please contact support.',
  [SIGN_IN_CODES.network]: 'Network error. Please check your internet connection and try again.',
  [SIGN_IN_CODES.unexpected]: 'An unexpected error occurred. Please try again.',
};

const GENERIC_MESSAGE = 'Failed to sign in with Google. Please try again.';

/** A sign-in failure with a code; `message` is the user-facing text including ' (Error: {code})'. */
export class SignInError extends Error {
  readonly code: string;
  /** What the server said, kept for logs; the user sees the catalogue message. */
  readonly detail: string | undefined;

  constructor(code: string, detail?: string) {
    super(signInErrorMessage(code));
    this.name = 'SignInError';
    this.code = code;
    this.detail = detail;
  }
}

export function signInErrorMessage(code: string): string {
  return `${messages[code] ?? GENERIC_MESSAGE} (Error: ${code})`;
}

/** Popup failures for which the redirect sign-in is offered instead. */
export function offersRedirect(code: string): boolean {
  return code === SIGN_IN_CODES.popupBlocked || code === SIGN_IN_CODES.cancelledPopup;
}

export const WELCOME_FIRST = 'Welcome to Lectern! You have 10 free credits to start creating videos.';
export const WELCOME_BACK = 'Welcome back!';
export const SIGNED_OUT = 'Signed out successfully';
export const SIGN_OUT_FAILED = 'Error signing out';

export function redirectFailedMessage(message: string): string {
  return `Redirect sign-in failed: ${message}`;
}
