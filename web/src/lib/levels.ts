/** SPEC 5's levels of an explainer video, and the detail of a solution or a course. */
export type Level = 1 | 2 | 3;

/** One level as the form offers it: its name and a hint of what it means. */
export type LevelOption = { value: Level; label: string; hint: string };

const names: Record<Level, string> = { 1: 'Beginner', 2: 'Intermediate', 3: 'Advanced' };

/** A level's name; a number that is not a level reads as the default, Intermediate. */
export function levelLabel(level: number): string {
  return level === 1 || level === 2 || level === 3 ? names[level] : names[2];
}

/** `input` (a number or its text) as a level; anything else gives `fallback` (SPEC 5). */
export function normaliseLevel(input: unknown, fallback: Level): Level {
  const level = typeof input === 'number' ? input : Number(String(input ?? '').trim());
  return level === 1 || level === 2 || level === 3 ? level : fallback;
}
