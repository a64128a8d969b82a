import { drawableRanges } from '@/types/drawable';

/**
 * What the browser can check of typed text before it is sent (issue 54): its length as a
 * person counts it, and the characters the slides cannot draw, with the same list of
 * characters the API refuses at submit (`lectern_core::text`, generated into
 * `@/types/drawable`).
 */

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const number = new Intl.NumberFormat('en-US');

/** How many characters a person sees: "🌋🌋" is 2 and "👩‍👩‍👧" is 1, not their UTF-16 units. */
export function characterCount(text: string): number {
  let count = 0;
  for (const segment of graphemes.segment(text)) {
    void segment;
    count += 1;
  }
  return count;
}

/** A count as the page writes it ("1,024"). */
export function formatCount(value: number): string {
  return number.format(value);
}

function drawable(codePoint: number): boolean {
  let low = 0;
  let high = drawableRanges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [start, end] = drawableRanges[middle] ?? [0, -1];
    if (end < codePoint) low = middle + 1;
    else if (start > codePoint) high = middle - 1;
    else return true;
  }
  return false;
}

const control = /\p{Cc}/u;
const space = /\p{White_Space}/u;

/** Why one code point cannot be accepted, as the API decides it; null when it can. */
function refusal(char: string): 'control' | 'no-glyph' | null {
  if (char === '\n' || char === '\r' || char === '\t') return null;
  if (control.test(char)) return 'control';
  if (space.test(char) || drawable(char.codePointAt(0) ?? 0)) return null;
  return 'no-glyph';
}

/**
 * What is wrong with `text` for a slide, in words for the person typing it, naming the first
 * character that cannot be drawn as they see it (the whole emoji, never a code point); null
 * when every character can be shown and spoken.
 */
export function undrawableMessage(text: string): string | null {
  for (const { segment } of graphemes.segment(text)) {
    for (const char of segment) {
      const why = refusal(char);
      if (why === 'control') return 'This text contains an invisible control character, which cannot be shown or spoken: please retype it without it.';
      if (why === 'no-glyph') return `“${segment}” cannot be drawn on the video's slides: please remove it or write it in words.`;
    }
  }
  return null;
}
