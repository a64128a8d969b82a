/**
 * The short-lived access token lives in memory only; the refresh token is an HttpOnly
 * cookie the page never sees. The auth feature writes it, the api-client reads it.
 */
let current: string | null = null;

export const accessToken = {
  get: (): string | null => current,
  set: (token: string | null): void => {
    current = token;
  },
};
