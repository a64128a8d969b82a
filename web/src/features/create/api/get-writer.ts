import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { writerFromCapabilities, writerFromEngineText, type CapabilitiesAnswer } from '@/features/create/lib/writer-rules';
import type { components } from '@/types/openapi';
import type { Writer } from '@/types/writer';

/**
 * Who will write a new job's script: `video_generation.writer` of GET
 * /api/video-functions-status; an older server without it is read through GET /debug's
 * engine sentence. Null when neither says.
 */
export async function getWriter(signal?: AbortSignal): Promise<Writer | null> {
  const capabilities = await api.get<CapabilitiesAnswer | undefined>('/api/video-functions-status', { signal }).catch(() => null);
  const reported = writerFromCapabilities(capabilities);
  if (reported) return reported;
  const debug = await api.get<Partial<components['schemas']['DebugInfo']> | undefined>('/debug', { signal }).catch(() => null);
  return writerFromEngineText(debug?.engines?.['script writer']);
}

export const writerQueryOptions = () =>
  queryOptions({
    queryKey: ['generation-writer'] as const,
    queryFn: ({ signal }) => getWriter(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** The writer, `undefined` while it is being asked for, `null` when the server does not say. */
export function useWriter(): Writer | null | undefined {
  const query = useQuery(writerQueryOptions());
  return query.isPending ? undefined : (query.data ?? null);
}
