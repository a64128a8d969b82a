import { useCallback, useRef, useState } from 'react';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { offersRedirect, SIGN_IN_CODES, SignInError } from '@/features/auth/lib/sign-in-errors';

export type SignInState = {
  pending: boolean;
  error: SignInError | null;
  /** SPEC 2.3: the redirect method is offered after a blocked or cancelled popup. */
  showRedirectOption: boolean;
};

export function useSignIn(returnTo: string) {
  const { signInWithPopup, signInWithRedirect } = useAuth();
  const inFlight = useRef(0);
  const [state, setState] = useState<SignInState>({ pending: false, error: null, showRedirectOption: false });

  const withPopup = useCallback(async () => {
    inFlight.current += 1;
    setState((s) => ({ ...s, pending: true, error: null }));
    try {
      await signInWithPopup(returnTo);
      setState({ pending: false, error: null, showRedirectOption: false });
    } catch (caught) {
      const error = caught instanceof SignInError ? caught : new SignInError(SIGN_IN_CODES.unexpected);
      if (error.detail) console.warn(`Sign-in failed (${error.code}): ${error.detail}`);
      setState((s) => ({
        pending: inFlight.current > 1,
        error,
        showRedirectOption: s.showRedirectOption || offersRedirect(error.code),
      }));
    } finally {
      inFlight.current -= 1;
    }
  }, [returnTo, signInWithPopup]);

  const withRedirect = useCallback(() => {
    setState((s) => ({ ...s, pending: true, error: null }));
    signInWithRedirect(returnTo);
  }, [returnTo, signInWithRedirect]);

  return { ...state, withPopup, withRedirect };
}
