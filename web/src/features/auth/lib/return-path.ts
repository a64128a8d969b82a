/** Only same-origin paths are allowed as places to return to after sign-in. */
export function safeReturnPath(path: unknown, fallback = '/'): string {
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) {
    return fallback;
  }
  return path;
}
