import { serverUrl } from '@/lib/api-client';
import type { PlayerJob } from '@/features/player/api/get-player-job';

/** What a screen may pass when it opens the player (SPEC 2.3). */
export type PlayerNavigationState = {
  videoUrl?: string;
  subtitleUrl?: string;
  title?: string;
  description?: string;
  previousPage?: string;
};

/**
 * The video's title and description as the server stores them in the library (issue 19: one
 * title whatever opened the player). Undefined while asked, null when the library has none.
 */
export type StoredVideo = { title: string; description: string | null } | null | undefined;

export type PlayerSource =
  | { kind: 'loading'; title: string }
  | { kind: 'playable'; videoUrl: string; subtitleUrl: string; title: string; description: string }
  | { kind: 'waiting'; title: string; description: string; status: string; progress: number | null; error: string | null };

const str = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

export function readNavigationState(state: unknown): PlayerNavigationState {
  if (typeof state !== 'object' || state === null) return {};
  const s = state as Record<string, unknown>;
  const previous = str(s.previousPage);
  return {
    videoUrl: str(s.videoUrl),
    subtitleUrl: str(s.subtitleUrl),
    title: str(s.title),
    description: str(s.description),
    previousPage: previous?.startsWith('/') && !previous.startsWith('//') ? previous : undefined,
  };
}

export const defaultSubtitleUrl = (videoId: string) => `/api/media/subtitles/${encodeURIComponent(videoId)}`;

/**
 * SPEC 2.3: the navigation state's video first; without it, the job status. A completed
 * job with a video URL plays; anything else shows 'Video Processing...' and 'Status: {status}'.
 * The subtitle URL defaults to the job's subtitles endpoint.
 */
export function resolvePlayerSource(
  videoId: string,
  state: PlayerNavigationState,
  job: PlayerJob | undefined,
  {
    jobFailedToLoad = false,
    ignoreStateVideo = false,
    stored,
  }: { jobFailedToLoad?: boolean; ignoreStateVideo?: boolean; stored?: StoredVideo } = {},
): PlayerSource {
  // The stored record wins over whatever the opening screen passed along.
  const storedTitle = stored?.title || undefined;
  const storedDescription = stored?.description || undefined;
  if (state.videoUrl && !ignoreStateVideo) {
    return {
      kind: 'playable',
      videoUrl: state.videoUrl,
      subtitleUrl: state.subtitleUrl ?? job?.subtitle_url ?? defaultSubtitleUrl(videoId),
      title: storedTitle ?? state.title ?? job?.smart_title ?? job?.title ?? 'Video',
      description: storedDescription ?? state.description ?? '',
    };
  }
  if (job && job.status === 'completed' && job.video_url) {
    return {
      kind: 'playable',
      videoUrl: job.video_url,
      subtitleUrl: job.subtitle_url ?? defaultSubtitleUrl(videoId),
      title: storedTitle ?? state.title ?? job.smart_title ?? job.title ?? 'Video',
      description: storedDescription ?? state.description ?? '',
    };
  }
  if (!job && !jobFailedToLoad) return { kind: 'loading', title: storedTitle ?? state.title ?? 'Video' };
  const status = job?.status ?? 'unknown';
  return {
    kind: 'waiting',
    title: 'Video Processing...',
    description: `Status: ${status}`,
    status,
    progress: job && typeof job.progress === 'number' ? job.progress : null,
    error: job?.status === 'failed' ? job.error || 'Generation failed' : null,
  };
}

/** Media addresses are relative to the API and already carry their token. */
export function mediaSrc(url: string): string {
  return /^(https?:|blob:|data:)/.test(url) ? url : serverUrl(url);
}

export function withParam(url: string, param: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${param}`;
}
