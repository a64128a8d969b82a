/**
 * Whether a student's words name a numbered exercise of their worksheet ("3", "Exercise 3",
 * "solve problem 2b from my worksheet", "Q4") rather than state a problem of their own (issue
 * 50). The server's rule (`core/src/sources/exercises.rs`, `reference`), its word lists read
 * from the generated limits, so that the form says what the server will do with the words.
 */
import { limits } from '@/types/limits';

/** Words that may name an exercise before its number, and words a student may put around a reference. */
const NAMES: ReadonlySet<string> = new Set<string>(limits.problem.exerciseNames);
const AROUND: ReadonlySet<string> = new Set<string>(limits.problem.exerciseAroundWords);

/** `word` as a label: an optional "#", 1 to 3 digits, then at most one letter ("3", "12", "2b"), lower case. */
function labelOf(word: string): string | null {
  const label = word.replace(/^#+/, '').toLowerCase();
  return /^[0-9]{1,3}[a-z]?$/.test(label) ? label : null;
}

/**
 * The label of the exercise `words` name ("exercise 3" gives "3", "Q4" gives "4"); null when
 * the words are a problem of their own ("2x + 3 = 11", "exercise three").
 */
export function exerciseReference(words: string): string | null {
  const cleaned = words
    .split(/\s+/)
    .map((word) => word.replace(/^[.!?,:"']+|[.!?,:"']+$/g, '').toLowerCase())
    .filter((word) => word !== '' && !AROUND.has(word));
  if (cleaned.length === 1) {
    const [one = ''] = cleaned;
    return labelOf(one) ?? (one.startsWith('q') ? labelOf(one.slice(1)) : null);
  }
  if (cleaned.length === 2) {
    const [name = '', number = ''] = cleaned;
    return NAMES.has(name) ? labelOf(number) : null;
  }
  return null;
}
