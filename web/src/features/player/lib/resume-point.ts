import type { VideoProgress } from '@/features/player/api/progress';

/** Before this many seconds, starting over costs the learner nothing. */
export const RESUME_AFTER_SECONDS = 10;
/** From this share of the length on, the video is as good as over. */
export const RESUME_BEFORE_SHARE = 0.95;

/**
 * Where the player offers to resume, or null: a point more than 10 s in, before 95% of the
 * length, in a video not yet completed. An unknown length (0) does not hold the offer back.
 */
export function resumePoint({ position_seconds: at, duration_seconds: length, completed }: VideoProgress): number | null {
  if (completed || !(at > RESUME_AFTER_SECONDS)) return null;
  if (length > 0 && at >= length * RESUME_BEFORE_SHARE) return null;
  return at;
}
