import { describe, expect, it } from 'vitest';
import { kindInWords, needsConfirmation, sameWriting } from '@/features/create/lib/problem-reading';

const reading = (text: string, solvable = true) => ({ reading: text, kind: 'limit', solvable, detail: '' });

describe('a reading to confirm', () => {
  it('is one that rewrote the words into something else Lectern will solve', () => {
    expect(needsConfirmation(reading('lim_(x->1) (x^2)'), 'limit of x^2 as x approaches 1')).toBe(true);
    expect(needsConfirmation(reading('$60 - 25% of $60'), 'A $60 jacket is 25% off. What is the sale price?')).toBe(true);
  });

  it('is not a problem that reads as itself, spaces and case aside', () => {
    expect(sameWriting('2x+3 = 11', '2x + 3 = 11')).toBe(true);
    expect(sameWriting('X^2', 'x^2')).toBe(true);
    expect(sameWriting('x^2 - 1', 'x^2 + 1')).toBe(false);
    expect(needsConfirmation(reading('2x + 3 = 11'), '2x+3=11')).toBe(false);
  });

  it('is not a refusal, nor an empty reading', () => {
    expect(needsConfirmation(reading('log_2((x + 1)) = 3', false), 'log base 2 of (x + 1) = 3')).toBe(false);
    expect(needsConfirmation(reading(''), 'Why is the sky blue?')).toBe(false);
  });

  it('names its kind in words', () => {
    expect(kindInWords('limit')).toBe('a limit');
    expect(kindInWords('word_problem')).toBe('a problem in words');
    expect(kindInWords('not_understood')).toBe('words neither Lectern nor its language model could read');
    expect(kindInWords('some_new_kind')).toBe('some new kind');
  });
});
