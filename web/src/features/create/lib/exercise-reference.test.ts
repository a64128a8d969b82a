import { describe, expect, it } from 'vitest';
import { exerciseReference } from '@/features/create/lib/exercise-reference';

describe("words that name an exercise of the student's worksheet (issue 50)", () => {
  it('are a label alone, or a name and a label, as the server reads them', () => {
    // The server's own cases (core/src/sources/exercises.rs).
    expect(exerciseReference('3')).toBe('3');
    expect(exerciseReference('Exercise 3')).toBe('3');
    expect(exerciseReference('solve problem 2b from my worksheet.')).toBe('2b');
    expect(exerciseReference('Q4')).toBe('4');
    expect(exerciseReference('question #12')).toBe('12');
  });

  it('may be wrapped in the words a student puts around them, and in punctuation', () => {
    expect(exerciseReference('solve exercise 3 from my worksheet')).toBe('3');
    expect(exerciseReference('  Please do "Task 7." on the handout! ')).toBe('7');
    expect(exerciseReference('Answer no. 12a, please')).toBe('12a');
    expect(exerciseReference('#5')).toBe('5');
    expect(exerciseReference('q#4')).toBe('4');
    expect(exerciseReference('Number 100')).toBe('100');
  });

  it('are not a problem of its own words', () => {
    expect(exerciseReference('2x + 3 = 11')).toBeNull();
    expect(exerciseReference('A train travels 120 km in 2 hours')).toBeNull();
    expect(exerciseReference('exercise three')).toBeNull();
    expect(exerciseReference('x^2')).toBeNull();
    expect(exerciseReference('1/2')).toBeNull();
  });

  it('are not a label that is too long, has two letters, or a name the server does not know', () => {
    expect(exerciseReference('1234')).toBeNull();
    expect(exerciseReference('2bc')).toBeNull();
    expect(exerciseReference('chapter 3')).toBeNull();
    expect(exerciseReference('exercise 3 4')).toBeNull();
    expect(exerciseReference('solve my worksheet')).toBeNull();
    expect(exerciseReference('')).toBeNull();
  });
});
