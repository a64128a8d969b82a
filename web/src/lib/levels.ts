/** SPEC 5's levels of an explainer video. */
export type Level = 1 | 2 | 3;

const names: Record<Level, string> = { 1: 'Beginner', 2: 'Intermediate', 3: 'Advanced' };

/** A level's name; a number that is not a level reads as the default, Intermediate. */
export function levelLabel(level: number): string {
  return level === 1 || level === 2 || level === 3 ? names[level] : names[2];
}
