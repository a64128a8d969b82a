/** Business constants of SPEC.md section 9 that the web shell uses. */
export const FREE_SIGNUP_CREDITS = 10;
export const LOW_CREDIT_THRESHOLD = 2;

export const CREDITS_FETCH_TIMEOUT_MS = 8_000;
/** Guard over the whole credits load (request plus one retry); SPEC 8's "timed out overall". */
export const CREDITS_OVERALL_TIMEOUT_MS = 20_000;
export const CREDIT_PACKAGES_TIMEOUT_MS = 5_000;
/** SPEC 4.4: without a user id, loading gives up after this long. */
export const AUTH_WAIT_MS = 5_000;

export const TOKEN_REFRESH_LEAD_MS = 5 * 60_000;
export const TOKEN_REFRESH_BACKOFF_INITIAL_MS = 30_000;
export const TOKEN_REFRESH_BACKOFF_MAX_MS = 16 * 60_000;

/** SPEC 4.3: a missing user record after sign-in is retried up to 2 times, 500 ms apart. */
export const SIGN_IN_USER_RETRIES = 2;
export const SIGN_IN_USER_RETRY_DELAY_MS = 500;
