import { levelLabel, type Level, type LevelOption } from '@/lib/levels';
import { videoCost, type VideoOrder } from '@/lib/video-order';
import { limits } from '@/types/limits';
import type { VideoRequest } from '@/features/create/api/generate-video';

export const LEVELS: LevelOption[] = [
  { value: 1, label: levelLabel(1), hint: 'No background assumed' },
  { value: 2, label: levelLabel(2), hint: 'Knows the basics' },
  { value: 3, label: levelLabel(3), hint: 'Goes into depth' },
];

/** The API's limits (src/types/limits.ts, written from the Rust that checks requests). */
export const DEFAULT_LEVEL: Level = limits.level.default;
export const DEFAULT_DURATION_MINUTES = limits.video.minutes.default;
export const MIN_DURATION_MINUTES = limits.video.minutes.min;
export const MAX_DURATION_MINUTES = limits.video.minutes.max;
export const DEFAULT_WPM = limits.video.wordsPerMinute.default;
export const MIN_WPM = limits.video.wordsPerMinute.min;
export const MAX_WPM = limits.video.wordsPerMinute.max;
/** Videos this long or longer cost more (SPEC 9: 2 credits from 10 minutes). */
export const LONG_VIDEO_MINUTES = limits.credits.longVideoMinutes;
export const MAX_TOPIC_LENGTH = limits.video.topicMaxChars;

/** SPEC 5: 'beginner' or '1' gives 1; 'advanced' or '3' gives 3; anything else gives 2. */
export function levelFromInput(input: unknown): Level {
  const text = String(input ?? '').trim().toLowerCase();
  if (text === 'beginner' || text === '1') return 1;
  if (text === 'advanced' || text === '3') return 3;
  return DEFAULT_LEVEL;
}

/** SPEC 5: a non-number, or a duration outside 1 to 15 minutes, becomes 5. */
export function normaliseDuration(input: unknown): number {
  return wholeMinutes(input, limits.video.minutes);
}

/** `input` (a number or its text) as whole minutes from `min` to `max`; anything else gives `default`. */
export function wholeMinutes(input: unknown, range: { min: number; max: number; default: number }): number {
  const minutes = typeof input === 'number' ? input : typeof input === 'string' && input.trim() ? Number(input) : NaN;
  return Number.isInteger(minutes) && minutes >= range.min && minutes <= range.max ? minutes : range.default;
}

export function normaliseWpm(input: unknown): number {
  const wpm = typeof input === 'number' ? input : Number(input);
  if (!Number.isInteger(wpm) || wpm < MIN_WPM || wpm > MAX_WPM) return DEFAULT_WPM;
  return wpm;
}

/** SPEC 9: 1 credit, 2 when the video is 10 minutes or longer (shared with the storyboard preview). */
export { videoCost };

export type LessonForm = {
  topic: string;
  level: string | number;
  duration: number | string;
  subtitles: boolean;
  wpm: number | string;
  /** The ids of the learner's documents to write the video from (issue 50). */
  sources: string[];
};

export const USER_ID_REQUIRED = 'User ID is required for video generation';

/** The request body of SPEC 3 with SPEC 5's mapping applied. */
export function buildVideoRequest(form: LessonForm, userId: string | null | undefined): VideoRequest {
  if (!userId) throw new Error(USER_ID_REQUIRED);
  return {
    user_id: userId,
    topic: form.topic.trim(),
    level: levelFromInput(form.level),
    duration: normaliseDuration(form.duration),
    enable_subtitles: form.subtitles,
    subtitle_style: form.subtitles ? 'modern' : null,
    wpm: normaliseWpm(form.wpm),
    dry_run: false,
    source_ids: [...new Set(form.sources)],
  };
}

/** The video a lesson's storyboard preview orders: this one, rendered from the checked script. */
export function lessonVideoOrder(request: VideoRequest): VideoOrder {
  return {
    topic: request.topic,
    level: request.level,
    duration: request.duration,
    wpm: request.wpm,
    subtitles: request.enable_subtitles,
  };
}
