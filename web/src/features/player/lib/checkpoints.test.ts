import { describe, expect, it } from 'vitest';
import {
  answersOf,
  checkpointState,
  crossed,
  isRightNumber,
  mergeResults,
  parseNumberAnswer,
  readCheckpoints,
  rightAnswerText,
  type Checkpoint,
} from '@/features/player/lib/checkpoints';

const choice: Checkpoint = {
  index: 0,
  question: 'Where does photosynthesis happen?',
  kind: 'choice',
  options: ['Mitochondria', 'Chloroplasts', 'Nucleus'],
  answer: 1,
  value: null,
  tolerance: null,
  unit: null,
  explanation: 'Chloroplasts hold the chlorophyll.',
  at: 10,
  rewatch_from: 0,
  heading: 'Introduction',
};

const number: Checkpoint = {
  ...choice,
  index: 1,
  question: 'How fast?',
  kind: 'number',
  options: [],
  answer: null,
  value: 0.25,
  tolerance: 0.01,
  unit: 'm/s',
  at: 30,
  rewatch_from: 10,
};

describe('checkpoints', () => {
  it('reads typed numbers: decimals, a comma decimal, negatives and simple fractions', () => {
    expect(parseNumberAnswer('3.5')).toBe(3.5);
    expect(parseNumberAnswer(' -2 ')).toBe(-2);
    expect(parseNumberAnswer('3,5')).toBe(3.5);
    expect(parseNumberAnswer('1/4')).toBe(0.25);
    expect(parseNumberAnswer('-1 / 4')).toBe(-0.25);
    expect(parseNumberAnswer('\u22122')).toBe(-2);
    expect(parseNumberAnswer('.5')).toBe(0.5);
    expect(parseNumberAnswer('1e3')).toBe(1000);
    expect(parseNumberAnswer('')).toBeNull();
    expect(parseNumberAnswer('1/0')).toBeNull();
    expect(parseNumberAnswer('abc')).toBeNull();
    expect(parseNumberAnswer('1.2.3')).toBeNull();
  });

  it('takes a number within the tolerance as right', () => {
    expect(isRightNumber(number, 0.25)).toBe(true);
    expect(isRightNumber(number, 0.26)).toBe(true);
    expect(isRightNumber(number, 0.27)).toBe(false);
    expect(isRightNumber({ ...number, value: 0.3, tolerance: null }, 0.1 + 0.2)).toBe(true);
    expect(isRightNumber({ ...number, value: 2, tolerance: null }, 2.001)).toBe(false);
  });

  it('tells the right answer as the option or the number with its unit', () => {
    expect(rightAnswerText(choice)).toBe('Chloroplasts');
    expect(rightAnswerText(number)).toBe('0.25 m/s');
    expect(rightAnswerText({ ...number, unit: null })).toBe('0.25');
  });

  it('leaves out questions it could not ask, and orders the rest by time', () => {
    const read = readCheckpoints([
      number,
      choice,
      { ...choice, index: 2, answer: 7 },
      { ...choice, index: 3, options: ['Only one'] },
      { ...number, index: 4, value: null },
      { ...choice, index: 5, at: 'soon' },
      null,
    ]);
    expect(read.map((c) => c.index)).toEqual([0, 1]);
    expect(readCheckpoints(undefined)).toEqual([]);
  });

  it('merges stored answers with this visit’s, which win, and reports them in order', () => {
    const merged = mergeResults(
      [
        { question: 1, correct: true },
        { question: 0, correct: false },
      ],
      new Map([[0, null]]),
    );
    expect(answersOf(merged)).toEqual([
      { question: 0, correct: null },
      { question: 1, correct: true },
    ]);
    expect(checkpointState(merged, 0)).toBe('skipped');
    expect(checkpointState(merged, 1)).toBe('right');
    expect(checkpointState(new Map([[2, false]]), 2)).toBe('wrong');
    expect(checkpointState(merged, 3)).toBe('open');
  });

  it('finds the checkpoints between two times', () => {
    expect(crossed([choice, number], 9.8, 10.1)).toEqual([choice]);
    expect(crossed([choice, number], 10, 10.1)).toEqual([]);
    expect(crossed([choice, number], 5, 30)).toEqual([choice, number]);
  });
});
