import { describe, expect, it } from 'vitest';
import { listOf } from '@/lib/list-of';

describe('listOf', () => {
  it('keeps a list, in order', () => {
    expect(listOf([{ id: 'a' }, { id: 'b' }])).toEqual([{ id: 'a' }, { id: 'b' }]);
  });

  it('reads a missing list, or anything that is not one, as empty', () => {
    expect(listOf<string>(undefined)).toEqual([]);
    expect(listOf<string>(null)).toEqual([]);
    expect(listOf('not a list' as unknown as string[])).toEqual([]);
  });
});
