import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { API_BASE } from '@/config/env';
import { SIGN_IN_USER_RETRIES, SIGN_IN_USER_RETRY_DELAY_MS } from '@/config/constants';
import { toast } from '@/components/ui/toast-store';
import { accessToken } from '@/lib/access-token';
import { ApiError, NetworkError, TimeoutError } from '@/lib/api-client';
import { logout } from '@/features/auth/api/logout';
import { refreshSession, sessionQueryKey, type Session } from '@/features/auth/api/refresh-session';
import { createPopupSignIn, type PopupSignIn, type PopupSignInResult } from '@/features/auth/lib/popup-sign-in';
import { startRedirectSignIn } from '@/features/auth/lib/redirect-sign-in';
import {
  SIGN_IN_CODES,
  SIGN_OUT_FAILED,
  SIGNED_OUT,
  SignInError,
  WELCOME_BACK,
  WELCOME_FIRST,
} from '@/features/auth/lib/sign-in-errors';
import { createTokenRefresher } from '@/features/auth/lib/token-refresher';
import type { User } from '@/types/api';

export type AuthStatus = 'unknown' | 'signed-out' | 'signed-in';

export type AuthContextValue = {
  status: AuthStatus;
  user: User | null;
  /** Resolves when signed in; rejects with a SignInError carrying a SPEC.md 8 code. */
  signInWithPopup: (returnTo: string) => Promise<PopupSignInResult>;
  signInWithRedirect: (returnTo: string) => void;
  /** Resolves true when signed out; false when the server could not sign the user out. */
  signOut: () => Promise<boolean>;
  /** The user signed out here (rather than never having been signed in, or the session lapsing). */
  signedOutByUser: boolean;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export type AuthServices = {
  popupSignIn: PopupSignIn;
  redirectSignIn: (returnTo: string) => void;
};

/** With a cross-origin API base, the popup's result page lives on the API's origin. */
function apiOrigins(): string[] {
  return API_BASE ? [new URL(API_BASE).origin] : [];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function toSignInError(error: unknown): SignInError {
  if (error instanceof SignInError) return error;
  if (error instanceof NetworkError || error instanceof TimeoutError) return new SignInError(SIGN_IN_CODES.network);
  if (error instanceof ApiError) return new SignInError('auth/internal-error', error.message);
  return new SignInError(SIGN_IN_CODES.unexpected);
}

/** SPEC 4.3: the user record may lag the sign-in; look again up to 2 times, 500 ms apart. */
async function sessionAfterSignIn(): Promise<Session> {
  for (let attempt = 0; ; attempt += 1) {
    const session = await refreshSession().catch((error: unknown) => {
      throw toSignInError(error);
    });
    if (session) return session;
    if (attempt >= SIGN_IN_USER_RETRIES) throw new SignInError('auth/session-not-established');
    await sleep(SIGN_IN_USER_RETRY_DELAY_MS);
  }
}

type AuthProviderProps = { children: ReactNode; services?: Partial<AuthServices> };

export function AuthProvider({ children, services }: AuthProviderProps) {
  const queryClient = useQueryClient();

  const storeSession = useCallback(
    (session: Session | null) => {
      accessToken.set(session?.accessToken ?? null);
      queryClient.setQueryData<Session | null>(sessionQueryKey, session);
    },
    [queryClient],
  );

  const sessionQuery = useQuery({
    queryKey: sessionQueryKey,
    queryFn: async () => {
      const session = await refreshSession();
      accessToken.set(session?.accessToken ?? null);
      return session;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const refresherRef = useRef<ReturnType<typeof createTokenRefresher<Session>> | null>(null);
  if (refresherRef.current === null) {
    refresherRef.current = createTokenRefresher<Session>({
      refresh: refreshSession,
      onRefreshed: (session) => storeSession(session),
      onSignedOut: () => storeSession(null),
    });
  }
  const refresher = refresherRef.current;

  const session = sessionQuery.data ?? null;
  const loadFailed = sessionQuery.isError;
  useEffect(() => {
    if (session) refresher.track(session);
    else if (loadFailed) refresher.retryLater();
    else refresher.stop();
  }, [refresher, session, loadFailed]);
  useEffect(() => () => refresher.stop(), [refresher]);

  const servicesRef = useRef<AuthServices | null>(null);
  if (servicesRef.current === null) {
    servicesRef.current = {
      popupSignIn: services?.popupSignIn ?? createPopupSignIn({ extraOrigins: apiOrigins() }),
      redirectSignIn: services?.redirectSignIn ?? ((returnTo) => startRedirectSignIn(returnTo)),
    };
  }
  const { popupSignIn, redirectSignIn } = servicesRef.current;

  const signInWithPopup = useCallback(
    async (returnTo: string) => {
      let result: PopupSignInResult;
      try {
        result = await popupSignIn(returnTo);
      } catch (error) {
        throw toSignInError(error);
      }
      storeSession(await sessionAfterSignIn());
      setSignedOutByUser(false);
      toast.success(result.firstSignIn ? WELCOME_FIRST : WELCOME_BACK);
      return result;
    },
    [popupSignIn, storeSession],
  );

  const [signedOutByUser, setSignedOutByUser] = useState(false);

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch {
      toast.error(SIGN_OUT_FAILED);
      return false;
    }
    setSignedOutByUser(true);
    refresher.stop();
    storeSession(null);
    // SPEC 4.3: the user's preloaded data (and everything else cached for them) goes.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
    toast.success(SIGNED_OUT);
    return true;
  }, [queryClient, refresher, storeSession]);

  const status: AuthStatus = sessionQuery.isPending ? 'unknown' : session ? 'signed-in' : 'signed-out';

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user: session?.user ?? null,
      signInWithPopup,
      signInWithRedirect: redirectSignIn,
      signOut,
      signedOutByUser,
    }),
    [status, session, signInWithPopup, redirectSignIn, signOut, signedOutByUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
