import type { components } from '@/types/openapi';
import { activeChapterIndex, type Cue } from '@/features/player/lib/webvtt';

type Schemas = components['schemas'];

/** A question the player asks when playback reaches `at` (issue 17). */
export type Checkpoint = Schemas['Checkpoint'];
/** How a checkpoint went, as progress reports carry it: right, wrong, or skipped (null). */
export type CheckpointAnswer = Schemas['CheckpointBody'];
/** Right (true), wrong (false) or skipped (null), by the checkpoint's index; absent: not answered yet. */
export type CheckpointResults = ReadonlyMap<number, boolean | null>;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * The checkpoints of a transcript answer, read leniently: a question the player could not ask
 * (no options to pick, no right answer, no place in the video) is left out rather than failing
 * the player. In video order.
 */
export function readCheckpoints(raw: unknown): Checkpoint[] {
  if (!Array.isArray(raw)) return [];
  const checkpoints: Checkpoint[] = [];
  for (const item of raw as Partial<Checkpoint>[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { index, question, kind, at } = item;
    if (!isNumber(index) || !isText(question) || !question.trim() || !isNumber(at)) continue;
    const options = Array.isArray(item.options) ? item.options.filter(isText) : [];
    if (kind === 'choice') {
      if (options.length < 2 || !isNumber(item.answer) || !options[item.answer]) continue;
    } else if (kind !== 'number' || !isNumber(item.value)) {
      continue;
    }
    checkpoints.push({
      index,
      question: question.trim(),
      kind,
      options: kind === 'choice' ? options : [],
      answer: kind === 'choice' ? item.answer : null,
      value: kind === 'number' ? item.value : null,
      tolerance: isNumber(item.tolerance) ? Math.abs(item.tolerance) : null,
      unit: isText(item.unit) && item.unit.trim() ? item.unit.trim() : null,
      explanation: isText(item.explanation) ? item.explanation.trim() : '',
      at,
      rewatch_from: isNumber(item.rewatch_from) ? Math.min(item.rewatch_from, at) : 0,
      heading: isText(item.heading) ? item.heading.trim() : '',
    });
  }
  return checkpoints.sort((a, b) => a.at - b.at || a.index - b.index);
}

const DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[+-]?\d+)?$/i;
const FRACTION = /^([+-]?\d+)\/(\d+)$/;

/**
 * A typed number: "3.5", "-2", "3,5" (a comma decimal), "1/4" or "-1/4" (a simple fraction);
 * null when it is none of these.
 */
export function parseNumberAnswer(text: string): number | null {
  const compact = text.trim().replace(/\s+/g, '').replace(/[\u2212\u2013]/g, '-');
  const fraction = FRACTION.exec(compact);
  if (fraction) {
    const denominator = Number(fraction[2]);
    return denominator === 0 ? null : Number(fraction[1]) / denominator;
  }
  if (!DECIMAL.test(compact)) return null;
  const value = Number(compact.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/** A typed number is right when it is no further than the tolerance from the value (0.1 + 0.2 counts as 0.3). */
export function isRightNumber(checkpoint: Checkpoint, typed: number): boolean {
  const value = checkpoint.value ?? NaN;
  const tolerance = checkpoint.tolerance ?? 0;
  const slack = 1e-9 * Math.max(1, Math.abs(value));
  return Math.abs(typed - value) <= tolerance + slack;
}

/** The right answer as the learner is told it: the option's text, or the number with its unit. */
export function rightAnswerText(checkpoint: Checkpoint): string {
  if (checkpoint.kind === 'choice') return checkpoint.options[checkpoint.answer ?? -1] ?? '';
  const value = String(checkpoint.value ?? '');
  return checkpoint.unit ? `${value} ${checkpoint.unit}` : value;
}

/** The answers a progress report carries, in question order. */
export function answersOf(results: CheckpointResults): CheckpointAnswer[] {
  return [...results.entries()].sort(([a], [b]) => a - b).map(([question, correct]) => ({ question, correct }));
}

/** Results from stored answers, with `over` (this visit's) winning over `base` (the server's). */
export function mergeResults(base: readonly CheckpointAnswer[] | undefined, over: CheckpointResults): Map<number, boolean | null> {
  const merged = new Map<number, boolean | null>();
  for (const { question, correct } of base ?? []) {
    if (isNumber(question)) merged.set(question, correct ?? null);
  }
  for (const [question, correct] of over) merged.set(question, correct);
  return merged;
}

export type CheckpointState = 'open' | 'right' | 'wrong' | 'skipped';

export function checkpointState(results: CheckpointResults, index: number): CheckpointState {
  const result = results.get(index);
  if (result === undefined) return 'open';
  if (result === null) return 'skipped';
  return result ? 'right' : 'wrong';
}

/**
 * The checkpoints crossed by playing from `from` to `to` seconds: those whose `at` lies after
 * `from` and no later than `to`, in video order.
 */
export function crossed(checkpoints: readonly Checkpoint[], from: number, to: number): Checkpoint[] {
  return checkpoints.filter((c) => from < c.at && c.at <= to);
}

/** The name of the scene a question is about, as "Rewatch this part" shows it (without a "Rewatch" or quotes around it). */
export function sceneName(checkpoint: Checkpoint): string {
  return checkpoint.heading
    .replace(/^rewatch\s+/i, '')
    .replace(/^["“]+|["”]+$/g, '')
    .trim();
}

/**
 * The chapter a question belongs to: the one that ends where it is asked (`at` is the end of
 * its scene, where the next chapter starts). 0 before the first chapter.
 */
export function chapterOf(chapters: readonly Cue[], checkpoint: Checkpoint): number {
  return Math.max(0, activeChapterIndex(chapters, Math.max(checkpoint.rewatch_from, checkpoint.at - 0.01)));
}
