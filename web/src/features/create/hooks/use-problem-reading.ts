import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { readProblem, type ProblemReading } from '@/features/create/api/read-problem';
import { exerciseReference } from '@/features/create/lib/exercise-reference';
import { needsConfirmation } from '@/features/create/lib/problem-reading';
import { characterCount } from '@/lib/typed-text';

/** How long the text rests before it is read: a reading per pause, not per key. */
export const READING_DELAY_MS = 400;

const readingQuery = (text: string) => ({
  queryKey: ['problem-reading', text] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => readProblem(text, signal),
  // The same text always reads the same way.
  staleTime: Infinity,
  retry: false,
});

/** What the create-problem screen knows of how Lectern reads the typed problem. */
export type ReadingView =
  | { state: 'empty' }
  | { state: 'reading' }
  | { state: 'read'; reading: ProblemReading; mustConfirm: boolean; confirmed: boolean }
  /** The reading could not be asked for (too many this minute, offline): the server checks again at submit. */
  | { state: 'unavailable'; message: string }
  /**
   * The words name an exercise of the chosen worksheet ("Exercise 3", issue 50): there is
   * nothing to read, the server takes the exercise's statement from the worksheet at submit.
   */
  | { state: 'exercise'; label: string };

/** Whether a submit may go on, once the reading of what is sent is known. */
export type SubmitCheck = 'go' | 'confirm';

function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * Reads the problem as it is typed (POST /api/problems/read, debounced) and keeps whether the
 * student confirmed that reading. A reading that says something other than what was typed
 * must be confirmed (or corrected) before the solution is paid for (issue 51). With
 * `fromWorksheet` (the student chose worksheets), words that only name one of their exercises
 * ("Exercise 3") are not read: the server solves the exercise as the worksheet states it.
 */
export function useProblemReading(text: string, maxLength: number, fromWorksheet = false) {
  const queryClient = useQueryClient();
  const typed = text.trim();
  /** The exercise of the worksheet that `words` name, when worksheets are chosen. */
  const exerciseOf = (words: string) => (fromWorksheet ? exerciseReference(words) : null);
  const exercise = exerciseOf(typed);
  const readable = typed !== '' && exercise === null && characterCount(typed) <= maxLength;
  const settled = useSettled(typed, READING_DELAY_MS);
  const query = useQuery({ ...readingQuery(settled), enabled: readable && settled === typed });
  const [confirmedText, setConfirmedText] = useState<string | null>(null);
  /** A submit was stopped for a confirmation: the panel says so until it is given or the text changes. */
  const [askedFor, setAskedFor] = useState<string | null>(null);

  // A reading asked for at submit, before the typing settled, is shown at once.
  const known = settled === typed ? query.data : queryClient.getQueryData<ProblemReading>(readingQuery(typed).queryKey);
  let view: ReadingView;
  if (exercise !== null) view = { state: 'exercise', label: exercise };
  else if (!readable) view = { state: 'empty' };
  else if (known) {
    view = { state: 'read', reading: known, mustConfirm: needsConfirmation(known, typed), confirmed: confirmedText === typed };
  } else if (settled === typed && query.isError) view = { state: 'unavailable', message: query.error.message };
  else view = { state: 'reading' };

  /**
   * Before a paid submit of `problem`: reads it now if the reading is not there yet. 'confirm'
   * when its reading must be confirmed first; 'go' otherwise, also when it cannot be read
   * (the server refuses what it cannot solve, before any charge).
   */
  const checkBeforeSubmit = async (problem: string): Promise<SubmitCheck> => {
    const sent = problem.trim();
    if (exerciseOf(sent) !== null) return 'go';
    let reading: ProblemReading;
    try {
      reading = await queryClient.fetchQuery(readingQuery(sent));
    } catch {
      return 'go';
    }
    if (!needsConfirmation(reading, sent) || confirmedText === sent) return 'go';
    setAskedFor(sent);
    return 'confirm';
  };

  /** The reading of `problem` the student confirmed, when it rewrote their words. */
  const confirmedReading = (problem: string): string | undefined => {
    const sent = problem.trim();
    if (exerciseOf(sent) !== null) return undefined;
    const reading = queryClient.getQueryData<ProblemReading>(readingQuery(sent).queryKey);
    return reading && confirmedText === sent && needsConfirmation(reading, sent) ? reading.reading : undefined;
  };

  return {
    view,
    /** A submit was stopped until this reading is confirmed. */
    asked: askedFor === typed && confirmedText !== typed,
    setConfirmed: (yes: boolean) => setConfirmedText(yes ? typed : null),
    checkBeforeSubmit,
    confirmedReading,
  };
}
