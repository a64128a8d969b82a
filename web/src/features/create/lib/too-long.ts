import { characterCount, formatCount, undrawableMessage } from '@/lib/typed-text';

/**
 * Issue 19: text over a field's limit is refused with a message, never cut silently; its
 * length is counted as a person counts it (issue 54). Null when `value` fits.
 */
export function tooLongMessage(value: string, maxLength: number): string | null {
  const length = characterCount(value);
  const over = length - maxLength;
  if (over <= 0) return null;
  return `This is ${formatCount(length)} characters; the limit is ${formatCount(maxLength)}. Shorten it by ${formatCount(over)} ${over === 1 ? 'character' : 'characters'}.`;
}

/** What the browser finds wrong with typed text: too long, or a character the slides cannot draw. */
export function typedTextProblem(value: string, maxLength: number): string | null {
  return tooLongMessage(value, maxLength) ?? undrawableMessage(value);
}
