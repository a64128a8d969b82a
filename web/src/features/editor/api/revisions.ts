import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/types/openapi';
import type { NewRevision, RevisionStarted, Revisions, Storyboard } from '@/features/editor/api/contract';

const base = (videoId: string) => `/api/video/${encodeURIComponent(videoId)}/revisions`;

export const revisionsRootKey = ['revisions'] as const;
export const revisionsQueryKey = (videoId: string) => [...revisionsRootKey, videoId] as const;

/** GET /api/video/{id}/revisions: the video's versions, newest first. */
export function getRevisions(videoId: string, signal?: AbortSignal): Promise<Revisions> {
  return api.get<Revisions>(base(videoId), { signal });
}

export const revisionsQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: revisionsQueryKey(videoId),
    queryFn: ({ signal }) => getRevisions(videoId, signal),
    staleTime: 0,
    retry: false,
  });

/** POST /api/video/{id}/revisions with `dry_run`: how many scenes changed and what rendering them costs; nothing starts. */
export function priceRevision(videoId: string, storyboard: Storyboard): Promise<RevisionStarted> {
  return api.post<RevisionStarted>(base(videoId), { storyboard, dry_run: true } satisfies NewRevision);
}

/** POST /api/video/{id}/revisions: renders the changed scenes as a new version (202 with its job). */
export async function startRevision(videoId: string, storyboard: Storyboard): Promise<RevisionStarted & { job_id: string }> {
  const started = await api.post<RevisionStarted>(base(videoId), { storyboard } satisfies NewRevision);
  if (typeof started?.job_id !== 'string' || !started.job_id) throw new Error('No job ID returned from API');
  return { ...started, job_id: started.job_id };
}

/** POST /api/video/{id}/revisions/{number}/restore: that version becomes the video again. */
export function restoreRevision(videoId: string, number: number): Promise<components['schemas']['VideoItem']> {
  return api.post(`${base(videoId)}/${number}/restore`);
}
