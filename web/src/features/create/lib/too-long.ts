export const count = new Intl.NumberFormat('en-US');

/**
 * Issue 19: text over a field's limit is refused with a message, never cut silently.
 * Null when `value` fits.
 */
export function tooLongMessage(value: string, maxLength: number): string | null {
  const over = value.length - maxLength;
  if (over <= 0) return null;
  return `This is ${count.format(value.length)} characters; the limit is ${count.format(maxLength)}. Shorten it by ${count.format(over)} ${over === 1 ? 'character' : 'characters'}.`;
}
