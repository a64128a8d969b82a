/** A place in a scene's JSON: field names and list indices, e.g. ['steps', 0, 'math']. */
export type Path = readonly (string | number)[];

export const pathKey = (path: Path): string => path.join('.');

export function getIn(value: unknown, path: Path): unknown {
  let at = value;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[key];
  }
  return at;
}

/** A copy of `value` with `next` at `path`; everything off the path is shared, not copied. */
export function setIn<T>(value: T, path: Path, next: unknown): T {
  if (path.length === 0) return next as T;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const child = setIn(getIn(value, [key]), rest, next);
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[key as number] = child;
    return copy as T;
  }
  return { ...(value as object), [key]: child } as T;
}
