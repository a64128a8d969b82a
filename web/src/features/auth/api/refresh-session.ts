import { api, ApiError } from '@/lib/api-client';
import type { User } from '@/types/api';
import type { components } from '@/types/openapi';

export type Session = {
  accessToken: string;
  /** Expiry of the access token, in epoch milliseconds. */
  expiresAt: number;
  user: User;
};

type RefreshResponse = components['schemas']['RefreshResponse'];

export const sessionQueryKey = ['auth', 'session'] as const;

/**
 * Exchanges the refresh cookie for a new access token. Resolves to null when there is
 * no valid session (401): that is what "signed out" means. Other failures throw.
 */
export async function refreshSession(): Promise<Session | null> {
  try {
    const res = await api.post<RefreshResponse>('/auth/refresh', undefined, { auth: false });
    return { accessToken: res.access_token, expiresAt: res.expires_at * 1000, user: res.user };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
