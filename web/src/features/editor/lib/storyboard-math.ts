import type { Storyboard } from '@/features/editor/api/contract';

/** Words as the pipeline counts them: whitespace-separated pieces with a letter or digit in them. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export function storyboardWords(storyboard: Pick<Storyboard, 'scenes'>): number {
  return storyboard.scenes.reduce((sum, scene) => sum + scene.narration.reduce((n, s) => n + countWords(s), 0), 0);
}

/** How long the narration takes at the storyboard's pace, in whole seconds. */
export function estimatedSeconds(words: number, wpm: number): number {
  return wpm > 0 ? Math.round((words / wpm) * 60) : 0;
}

/** "45 s", "3 min", "3 min 20 s". */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

export const creditText = (n: number): string => (n === 0 ? 'free' : `${n} ${n === 1 ? 'credit' : 'credits'}`);
