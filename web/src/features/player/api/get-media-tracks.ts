import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { parseWebVtt, type Cue } from '@/features/player/lib/webvtt';

type TranscriptFile = { cues?: { start?: unknown; end?: unknown; text?: unknown }[] };

export async function getTranscript(url: string, signal?: AbortSignal): Promise<Cue[]> {
  const body = await api.get<TranscriptFile>(url, { signal, auth: false });
  return (body?.cues ?? [])
    .filter((c) => typeof c.start === 'number' && typeof c.end === 'number' && typeof c.text === 'string')
    .map((c) => ({ start: c.start as number, end: c.end as number, text: (c.text as string).trim() }));
}

export async function getChapters(url: string, signal?: AbortSignal): Promise<Cue[]> {
  const text = await api.get<unknown>(url, { signal, auth: false });
  return typeof text === 'string' ? parseWebVtt(text) : [];
}

// Keyed by job, not by URL: the URL's media token changes on every status answer.
export const transcriptQueryOptions = (videoId: string, url: string | null) =>
  queryOptions({
    queryKey: ['transcript', videoId] as const,
    queryFn: ({ signal }) => getTranscript(url ?? '', signal),
    enabled: url !== null,
    staleTime: Infinity,
  });

export const chaptersQueryOptions = (videoId: string, url: string | null) =>
  queryOptions({
    queryKey: ['chapters', videoId] as const,
    queryFn: ({ signal }) => getChapters(url ?? '', signal),
    enabled: url !== null,
    staleTime: Infinity,
  });
