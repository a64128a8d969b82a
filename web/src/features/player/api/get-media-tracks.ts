import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/types/openapi';
import { readCheckpoints, type Checkpoint } from '@/features/player/lib/checkpoints';
import { parseWebVtt, type Cue } from '@/features/player/lib/webvtt';

/** GET /api/media/transcript/{id}: one cue per narrated sentence, and the video's checkpoint questions. */
type Transcript = components['schemas']['Transcript'];

/** What the player reads of a transcript: the cues' times and text, and the questions it can ask. */
export type TranscriptTrack = { cues: Cue[]; checkpoints: Checkpoint[] };

export async function getTranscript(url: string, signal?: AbortSignal): Promise<TranscriptTrack> {
  const body = await api.get<Partial<Transcript> | undefined>(url, { signal, auth: false });
  // Read leniently: a cue without its times or text is left out rather than failing the panel.
  const cues = (body?.cues ?? [])
    .filter((c) => typeof c.start === 'number' && typeof c.end === 'number' && typeof c.text === 'string')
    .map((c) => ({ start: c.start, end: c.end, text: c.text.trim() }));
  return { cues, checkpoints: readCheckpoints(body?.checkpoints) };
}

export async function getChapters(url: string, signal?: AbortSignal): Promise<Cue[]> {
  const text = await api.get<unknown>(url, { signal, auth: false });
  return typeof text === 'string' ? parseWebVtt(text) : [];
}

/**
 * The query of one of a video's text tracks. Keyed by job, not by URL: the URL's media token
 * changes on every status answer.
 */
const trackQueryOptions =
  <K extends string, T>(track: K, read: (url: string, signal?: AbortSignal) => Promise<T>) =>
  (videoId: string, url: string | null) =>
    queryOptions({
      queryKey: [track, videoId] as const,
      queryFn: ({ signal }) => read(url ?? '', signal),
      enabled: url !== null,
      staleTime: Infinity,
    });

export const transcriptQueryOptions = trackQueryOptions('transcript', getTranscript);
export const chaptersQueryOptions = trackQueryOptions('chapters', getChapters);
