import { normaliseLevel, type Level } from '@/lib/levels';
import { limits } from '@/types/limits';

/**
 * What an explainer video is ordered with besides its script. The storyboard preview keeps it
 * in its address, so that a reload or a shared link still renders what was asked for.
 */
export type VideoOrder = { topic: string; level: Level; duration: number; wpm: number; subtitles: boolean };

/** SPEC 9: 1 credit, 2 when the video is 10 minutes or longer. */
export function videoCost(durationMinutes: number): number {
  return durationMinutes >= limits.credits.longVideoMinutes ? limits.credits.longVideo : limits.credits.video;
}

function whole(text: string | null, range: { min: number; max: number; default: number }): number {
  const n = text === null || text.trim() === '' ? NaN : Number(text);
  return Number.isInteger(n) && n >= range.min && n <= range.max ? n : range.default;
}

/** The create screen a storyboard preview was started from: its address says so (`from`), for the way back. */
export type PreviewSource = 'lesson' | 'problem';

/** The preview's query string (with its `?`): the order, and the screen it came from. */
export function videoOrderSearch(order: VideoOrder, from?: PreviewSource): string {
  const params = new URLSearchParams({
    topic: order.topic,
    level: String(order.level),
    duration: String(order.duration),
    wpm: String(order.wpm),
    subtitles: order.subtitles ? '1' : '0',
  });
  if (from) params.set('from', from);
  return `?${params.toString()}`;
}

/** The screen a preview's query string says it came from; the lesson form when it names none. */
export function readPreviewSource(params: URLSearchParams): PreviewSource {
  return params.get('from') === 'problem' ? 'problem' : 'lesson';
}

/** The order a query string names; out-of-range numbers read as the API's defaults. Null without a topic. */
export function readVideoOrder(params: URLSearchParams): VideoOrder | null {
  const topic = params.get('topic')?.trim() ?? '';
  if (!topic) return null;
  return {
    topic,
    level: normaliseLevel(params.get('level'), limits.level.default as Level),
    duration: whole(params.get('duration'), limits.video.minutes),
    wpm: whole(params.get('wpm'), limits.video.wordsPerMinute),
    subtitles: params.get('subtitles') !== '0',
  };
}
