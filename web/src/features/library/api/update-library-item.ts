import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast-store';
import { request } from '@/lib/api-client';
import { libraryRootKey } from '@/features/library/api/get-library';
import { changeCachedItem, type ItemKind } from '@/features/library/api/library-cache';
import type { CourseItem, MediaItem } from '@/types/library';
import type { components } from '@/types/openapi';

/** The body of PATCH /api/library/{courses|videos}/{id}: publish, unpublish or rename. */
export type ItemChanges = { [K in keyof components['schemas']['ItemChanges']]?: NonNullable<components['schemas']['ItemChanges'][K]> };

const itemPath = (kind: ItemKind, id: string) =>
  `/api/library/${kind === 'course' ? 'courses' : 'videos'}/${encodeURIComponent(id)}`;

/** PATCH /api/library/{videos|courses}/{id}: publish, unpublish or rename. */
export function updateLibraryItem(kind: ItemKind, id: string, changes: ItemChanges): Promise<CourseItem | MediaItem> {
  return request<CourseItem | MediaItem>(itemPath(kind, id), { method: 'PATCH', body: changes });
}

/** DELETE /api/library/{videos|courses}/{id}: the item and its media. */
export function deleteLibraryItem(kind: ItemKind, id: string): Promise<void> {
  return request<void>(itemPath(kind, id), { method: 'DELETE' });
}

type Target = { kind: ItemKind; id: string };

/** Published items are listed in the public catalogue: reload it after a change. */
const exploreKey = ['explore'];

/** Optimistic: the card changes at once and goes back if the server refuses. */
export function useUpdateLibraryItem(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, changes }: Target & { changes: ItemChanges }) => updateLibraryItem(kind, id, changes),
    onMutate: async ({ kind, id, changes }) => {
      await queryClient.cancelQueries({ queryKey: libraryRootKey(userId) });
      const rollback = changeCachedItem(queryClient, userId, kind, id, (item) => ({ ...item, ...changes }));
      return { rollback };
    },
    onError: (error, { changes }, context) => {
      context?.rollback();
      const what = changes.title !== undefined ? 'renamed' : changes.is_public ? 'published' : 'made private';
      toast.error(`It could not be ${what}: ${error.message}`);
    },
    onSuccess: (item, { kind, id, changes }) => {
      // The server's item carries the media URLs that fit its new visibility.
      changeCachedItem(queryClient, userId, kind, id, <T,>() => item as T);
      if (changes.is_public !== undefined) {
        toast.success(changes.is_public ? 'Published: it is now listed in Explore.' : 'It is private again.');
      }
      void queryClient.invalidateQueries({ queryKey: exploreKey });
    },
  });
}

export function useDeleteLibraryItem(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: Target) => deleteLibraryItem(kind, id),
    onMutate: async ({ kind, id }) => {
      await queryClient.cancelQueries({ queryKey: libraryRootKey(userId) });
      return { rollback: changeCachedItem(queryClient, userId, kind, id, () => null) };
    },
    onError: (error, _target, context) => {
      context?.rollback();
      toast.error(`It could not be deleted: ${error.message}`);
    },
    onSuccess: () => {
      toast.success('Deleted from your library.');
      void queryClient.invalidateQueries({ queryKey: exploreKey });
    },
  });
}
