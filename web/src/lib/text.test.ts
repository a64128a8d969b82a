import { describe, expect, it } from 'vitest';
import { ellipsize } from '@/lib/text';

describe('ellipsize', () => {
  it('keeps a short text as it is, on one line', () => {
    expect(ellipsize('How  vaccines\nwork', 40)).toBe('How vaccines work');
  });

  it('cuts a long text at a word boundary and adds an ellipsis within the limit', () => {
    const long = 'How vaccines train the immune system to recognise a virus it has never met before';
    const short = ellipsize(long, 40);
    expect(short.endsWith('…')).toBe(true);
    expect(short.length).toBeLessThanOrEqual(40);
    expect(long.startsWith(short.slice(0, -1))).toBe(true);
  });

  it('cuts a text without spaces at the limit', () => {
    expect(ellipsize('x'.repeat(500), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
