import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPopupSignIn } from '@/features/auth/lib/popup-sign-in';
import { SignInError } from '@/features/auth/lib/sign-in-errors';

type FakePopup = { closed: boolean; focus: ReturnType<typeof vi.fn> };

function post(data: unknown, origin = window.location.origin) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

describe('popup sign-in', () => {
  let popup: FakePopup;
  let open: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.useFakeTimers();
    popup = { closed: false, focus: vi.fn() };
    open = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the server start page as a named popup with the return path', async () => {
    const signIn = createPopupSignIn();
    const result = signIn('/create?x=1');
    expect(open).toHaveBeenCalledWith(
      '/auth/google/start?mode=popup&return_to=%2Fcreate%3Fx%3D1',
      'lectern-signin',
      'width=480,height=640',
    );
    post({ type: 'lectern-auth', ok: true, firstSignIn: true });
    await expect(result).resolves.toEqual({ firstSignIn: true });
  });

  it('never sends an off-site return path', () => {
    void createPopupSignIn()('//evil.example/').catch(() => undefined);
    expect(open.mock.calls[0]?.[0]).toBe('/auth/google/start?mode=popup&return_to=%2F');
  });

  it('reports a returning user', async () => {
    const result = createPopupSignIn()('/');
    post({ type: 'lectern-auth', ok: true, firstSignIn: false });
    await expect(result).resolves.toEqual({ firstSignIn: false });
  });

  it('ignores messages from other origins and of other types', async () => {
    const result = createPopupSignIn()('/');
    let settled = false;
    void result.then(
      () => (settled = true),
      () => (settled = true),
    );
    post({ type: 'lectern-auth', ok: true, firstSignIn: true }, 'https://evil.example');
    post({ type: 'something-else', ok: true });
    post('lectern-auth');
    await vi.advanceTimersByTimeAsync(50);
    expect(settled).toBe(false);
    post({ type: 'lectern-auth', ok: true, firstSignIn: false });
    await expect(result).resolves.toEqual({ firstSignIn: false });
  });

  it('fails with auth/popup-blocked when the window cannot open', async () => {
    open.mockReturnValue(null);
    const error = await createPopupSignIn()('/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignInError);
    expect(error).toMatchObject({
      code: 'auth/popup-blocked',
      message: 'Pop-up was blocked. Please allow pop-ups and try again. (Error: auth/popup-blocked)',
    });
  });

  it('fails with auth/popup-closed-by-user when the popup closes without an answer', async () => {
    const result = createPopupSignIn()('/').catch((e: unknown) => e);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(2000);
    expect(await result).toMatchObject({
      code: 'auth/popup-closed-by-user',
      message: 'Sign-in was cancelled. Please try again. (Error: auth/popup-closed-by-user)',
    });
  });

  it('still takes an answer that arrives just after the popup closed itself', async () => {
    const result = createPopupSignIn()('/');
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(450);
    post({ type: 'lectern-auth', ok: true, firstSignIn: true });
    await expect(result).resolves.toEqual({ firstSignIn: true });
  });

  it('refuses a second request while a popup is open, and focuses the open one', async () => {
    const signIn = createPopupSignIn();
    const first = signIn('/');
    const second = await signIn('/').catch((e: unknown) => e);
    expect(second).toMatchObject({ code: 'auth/cancelled-popup-request' });
    expect((second as Error).message).toBe(
      'Another sign-in popup is already open. Please check your other tabs. (Error: auth/cancelled-popup-request)',
    );
    expect(popup.focus).toHaveBeenCalled();
    expect(open).toHaveBeenCalledTimes(1);
    post({ type: 'lectern-auth', ok: true, firstSignIn: false });
    await expect(first).resolves.toEqual({ firstSignIn: false });
  });

  it('passes the code of a failure the popup reports', async () => {
    const result = createPopupSignIn()('/').catch((e: unknown) => e);
    post({ type: 'lectern-auth', ok: false, code: 'auth/unauthorized-domain', message: 'redirect_uri mismatch' });
    expect(await result).toMatchObject({
      code: 'auth/unauthorized-domain',
      detail: 'redirect_uri mismatch',
      message: 'This domain is not authorized for Google Sign-In. Please contact support. (Error: auth/unauthorized-domain)',
    });
  });

  it('shows the generic message for codes it does not know', async () => {
    const result = createPopupSignIn()('/').catch((e: unknown) => e);
    post({ type: 'lectern-auth', ok: false, code: 'invalid_state', message: 'state mismatch' });
    expect((await result as Error).message).toBe('Failed to sign in with Google. Please try again. (Error: invalid_state)');
  });
});

describe('popup sign-in with a cross-origin API', () => {
  it('also trusts the API origin it was given', async () => {
    vi.spyOn(window, 'open').mockImplementation(() => ({ closed: false, focus: vi.fn() }) as unknown as Window);
    const result = createPopupSignIn({ extraOrigins: ['https://api.lectern.test'] })('/');
    post({ type: 'lectern-auth', ok: true, firstSignIn: true }, 'https://api.lectern.test');
    await expect(result).resolves.toEqual({ firstSignIn: true });
  });
});
