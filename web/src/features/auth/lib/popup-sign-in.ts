import { serverUrl } from '@/lib/api-client';
import { SIGN_IN_CODES, SignInError } from '@/features/auth/lib/sign-in-errors';
import { safeReturnPath } from '@/features/auth/lib/return-path';

export type PopupSignInResult = { firstSignIn: boolean };

export type PopupSignInOptions = {
  win?: Window;
  /** Origins whose messages are trusted besides the page's own (a cross-origin API base). */
  extraOrigins?: string[];
  closedPollMs?: number;
  /** The result message can be dispatched just after the window reports closed. */
  closedGraceMs?: number;
};

export type PopupSignIn = (returnTo: string) => Promise<PopupSignInResult>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export const SIGN_IN_WINDOW_NAME = 'lectern-signin';
export const SIGN_IN_WINDOW_FEATURES = 'width=480,height=640';

export function popupStartUrl(returnTo: string): string {
  return serverUrl(`/auth/google/start?mode=popup&return_to=${encodeURIComponent(safeReturnPath(returnTo))}`);
}

/**
 * Opens the server's sign-in page in a popup and settles with its outcome:
 * the `lectern-auth` message posted by the popup, or a SignInError with a SPEC.md 8 code
 * (blocked, closed by the user, or a second request while one is still open).
 */
export function createPopupSignIn(options: PopupSignInOptions = {}): PopupSignIn {
  const { closedPollMs = 400, closedGraceMs = 600 } = options;
  let open: Window | null = null;

  return function signIn(returnTo: string): Promise<PopupSignInResult> {
    const win = options.win ?? window;
    if (open && !open.closed) {
      open.focus();
      return Promise.reject(new SignInError(SIGN_IN_CODES.cancelledPopup));
    }

    let popup: Window | null = null;
    try {
      popup = win.open(popupStartUrl(returnTo), SIGN_IN_WINDOW_NAME, SIGN_IN_WINDOW_FEATURES);
    } catch {
      popup = null;
    }
    if (!popup) return Promise.reject(new SignInError(SIGN_IN_CODES.popupBlocked));
    const current = popup;
    open = current;
    const trusted = new Set([win.location.origin, ...(options.extraOrigins ?? [])]);

    return new Promise<PopupSignInResult>((resolve, reject) => {
      let settled = false;
      let graceTimer: ReturnType<typeof setTimeout> | undefined;

      const cleanup = () => {
        win.removeEventListener('message', onMessage);
        clearInterval(pollTimer);
        if (graceTimer !== undefined) clearTimeout(graceTimer);
        if (open === current) open = null;
      };
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        cleanup();
        outcome();
      };

      function onMessage(event: MessageEvent) {
        if (!trusted.has(event.origin)) return;
        const data: unknown = event.data;
        if (!isRecord(data) || data.type !== 'lectern-auth') return;
        if (data.ok === true) {
          settle(() => resolve({ firstSignIn: data.firstSignIn === true }));
        } else {
          const code = typeof data.code === 'string' && data.code ? data.code : 'auth/internal-error';
          const detail = typeof data.message === 'string' ? data.message : undefined;
          settle(() => reject(new SignInError(code, detail)));
        }
      }

      const pollTimer = setInterval(() => {
        if (!current.closed) return;
        clearInterval(pollTimer);
        graceTimer = setTimeout(() => settle(() => reject(new SignInError(SIGN_IN_CODES.popupClosed))), closedGraceMs);
      }, closedPollMs);

      win.addEventListener('message', onMessage);
    });
  };
}
