import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { components } from '@/types/openapi';

/** A document as stored (issue 50). */
export type SourceSummary = components['schemas']['SourceSummary'];
/** GET /api/sources: the caller's documents, newest first, and their quota. */
export type SourceList = components['schemas']['SourceList'];
type AddedSources = components['schemas']['AddedSources'];

export const sourcesKey = (userId: string) => ['sources', userId] as const;

/** GET /api/sources */
export function listSources(signal?: AbortSignal): Promise<SourceList> {
  return request<SourceList>('/api/sources', { signal });
}

export const sourcesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: sourcesKey(userId), queryFn: ({ signal }) => listSources(signal) });

export function useSources(userId: string) {
  return useQuery(sourcesQueryOptions(userId));
}

/** What to add: files (read on the server, a large PDF can take a while) or pasted text. */
export type NewSources = { files: File[] } | { title: string; text: string };

/** POST /api/sources: files as form data, pasted text as JSON. */
export function addSources(input: NewSources): Promise<AddedSources> {
  if ('files' in input) {
    const form = new FormData();
    for (const file of input.files) form.append('files', file, file.name);
    // A 300-page book is read in seconds, but several large files take longer.
    return request<AddedSources>('/api/sources', { method: 'POST', body: form, timeoutMs: 5 * 60_000 });
  }
  return request<AddedSources>('/api/sources', { method: 'POST', body: input });
}

/** DELETE /api/sources/{id} */
export function deleteSource(id: string): Promise<void> {
  return request<void>(`/api/sources/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useAddSources(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSources,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sourcesKey(userId) }),
  });
}

/** Optimistic: the document leaves the list at once and comes back if the server refuses. */
export function useDeleteSource(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (source: SourceSummary) => deleteSource(source.id),
    onMutate: async (source) => {
      await queryClient.cancelQueries({ queryKey: sourcesKey(userId) });
      const before = queryClient.getQueryData<SourceList>(sourcesKey(userId));
      if (before) {
        queryClient.setQueryData<SourceList>(sourcesKey(userId), {
          ...before,
          sources: before.sources.filter((s) => s.id !== source.id),
          used_bytes: Math.max(0, before.used_bytes - source.bytes),
        });
      }
      return { before };
    },
    onError: (_error, _source, context) => {
      if (context?.before) queryClient.setQueryData(sourcesKey(userId), context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sourcesKey(userId) }),
  });
}
