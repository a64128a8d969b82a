import { describe, expect, it } from 'vitest';
import { characterCount, undrawableMessage } from '@/lib/typed-text';

describe('typed text (issue 54)', () => {
  it('counts characters as a person counts them', () => {
    expect(characterCount('🌋🌋')).toBe(2);
    expect(characterCount('👩‍👩‍👧 family')).toBe(8);
    expect(characterCount('Cafe\u0301')).toBe(4);
    expect(characterCount('')).toBe(0);
  });

  it('names the first character the slides cannot draw as it is seen, never by its code point', () => {
    expect(undrawableMessage('Volcanoes 🌋 erupt')).toBe('“🌋” cannot be drawn on the video\'s slides: please remove it or write it in words.');
    expect(undrawableMessage('東京 history')).toContain('“東”');
    expect(undrawableMessage('Bell\u0007 ringing')).toContain('invisible control character');
    for (const text of ['Bell\u0007', '🌋', '東']) expect(undrawableMessage(text)).not.toMatch(/U\+/);
  });

  it('accepts what the slides can draw: other alphabets, mathematics, line breaks and tabs', () => {
    for (const text of ['Ελληνικά, Русский, עברית, العربية', '∫ x² dx ≤ ∞, √2 ≈ 1.414', 'Café crème, Łódź', 'two\nlines\tand a tab']) {
      expect(undrawableMessage(text)).toBeNull();
    }
  });
});
