/**
 * A list field of an API answer, read leniently: the list when it is one, else empty (an
 * older server may leave the field out; an error page may not be JSON at all).
 */
export function listOf<T>(value: readonly T[] | null | undefined): T[] {
  return Array.isArray(value) ? [...(value as readonly T[])] : [];
}
