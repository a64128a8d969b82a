import type { Session } from '@/features/auth/api/refresh-session';
import type { User } from '@/types/api';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    uid: 'user-1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    displayName: 'Ada Lovelace',
    photoURL: null,
    createdAt: '2025-01-01T00:00:00Z',
    lastLoginAt: '2025-01-02T00:00:00Z',
    credits: { available: 10, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' },
    preferences: { notifications: true, theme: 'light' },
    stats: { videosGenerated: 0, problemsSolved: 0, creditsUsed: 0 },
    isHost: false,
    ...overrides,
  };
}

export function makeSession(overrides: Partial<Session> = {}): Session {
  return { accessToken: 'access-1', expiresAt: Date.now() + 60 * 60_000, user: makeUser(), ...overrides };
}

/** The wire shape of POST /auth/refresh. */
export function refreshBody(user: User = makeUser(), expiresInSeconds = 3600) {
  return { access_token: 'access-1', expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds, user };
}
