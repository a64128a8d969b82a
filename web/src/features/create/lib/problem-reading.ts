import type { ProblemReading } from '@/features/create/api/read-problem';

/** The same writing, spaces and letter case aside: "2x+3 = 11" is "2x + 3 = 11". */
export function sameWriting(a: string, b: string): boolean {
  const plain = (s: string) => s.replace(/\s+/g, '').toLowerCase();
  return plain(a) === plain(b);
}

/**
 * Whether the student must say "that's right" before paying: Lectern read their words as
 * something else (a limit in words, a word problem's set-up) that it will solve. A problem
 * already in the solver's notation reads as itself: there is nothing to confirm.
 */
export function needsConfirmation(reading: ProblemReading, text: string): boolean {
  return reading.solvable && reading.reading.trim() !== '' && !sameWriting(reading.reading, text);
}

/** The reading's kind in words ("limit" is "a limit"); unknown kinds keep their name without underscores. */
export function kindInWords(kind: string): string {
  const known: Record<string, string> = {
    arithmetic: 'a calculation',
    linear_equation: 'a linear equation',
    quadratic_equation: 'a quadratic equation',
    linear_system: 'a system of equations',
    inequality: 'an inequality',
    exponential_equation: 'an exponential equation',
    logarithmic_equation: 'a logarithmic equation',
    limit: 'a limit',
    derivative: 'a derivative',
    integral: 'an integral',
    word_problem: 'a problem in words',
    geometry: 'a geometry problem',
    needs_language_model: 'a problem Lectern cannot solve on its own',
    not_understood: 'words neither Lectern nor its language model could read',
  };
  return known[kind] ?? kind.replace(/_/g, ' ');
}
