import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/types/openapi';
import { readCheckpoints, type Checkpoint } from '@/features/player/lib/checkpoints';
import type { Cite, CitedDocument } from '@/features/player/lib/citations';
import { parseWebVtt, type Cue } from '@/features/player/lib/webvtt';

/** GET /api/media/transcript/{id}: one cue per narrated sentence, and the video's checkpoint questions. */
type Transcript = components['schemas']['Transcript'];

/** A transcript line: one narrated sentence, with the passages it cites (issue 50; none for most videos). */
export type TranscriptCue = Cue & { cites: Cite[] };

/**
 * What the player reads of a transcript: the cues' times, text and citations, the questions
 * it can ask, and the documents the citations name.
 */
export type TranscriptTrack = { cues: TranscriptCue[]; checkpoints: Checkpoint[]; documents: CitedDocument[] };

const isCite = (value: unknown): value is Cite =>
  typeof value === 'object' && value !== null && typeof (value as Cite).source_id === 'string' && typeof (value as Cite).passage === 'number';

export async function getTranscript(url: string, signal?: AbortSignal): Promise<TranscriptTrack> {
  const body = await api.get<Partial<Transcript> | undefined>(url, { signal, auth: false });
  // Read leniently: a cue without its times or text is left out rather than failing the panel.
  const cues = (body?.cues ?? [])
    .filter((c) => typeof c.start === 'number' && typeof c.end === 'number' && typeof c.text === 'string')
    .map((c) => ({ start: c.start, end: c.end, text: c.text.trim(), cites: Array.isArray(c.cites) ? c.cites.filter(isCite) : [] }));
  const documents = (body?.documents ?? []).filter((d) => typeof d.source_id === 'string' && typeof d.title === 'string');
  return { cues, checkpoints: readCheckpoints(body?.checkpoints), documents };
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
