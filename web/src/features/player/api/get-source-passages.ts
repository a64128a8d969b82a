import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/types/openapi';

/** GET /api/sources/{id}: one of the caller's documents with its passages (issue 50). */
type SourceDetail = components['schemas']['SourceDetail'];
/** About 100-300 words of a document, with the page it starts on and the heading it stands under. */
export type Passage = components['schemas']['PassageView'];

/**
 * The passages of a document a video cites, read once per document when one of its
 * citations is opened. Only the document's owner is answered; anyone else gets a 404.
 */
export function sourcePassagesQueryOptions(sourceId: string) {
  return queryOptions({
    queryKey: ['source-passages', sourceId] as const,
    queryFn: async ({ signal }) => {
      const detail = await api.get<SourceDetail>(`/api/sources/${encodeURIComponent(sourceId)}`, { signal });
      return detail.passages;
    },
    staleTime: Infinity,
    retry: false,
  });
}
