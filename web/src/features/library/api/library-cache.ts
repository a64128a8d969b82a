import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { libraryRootKey, type LibraryData } from '@/features/library/api/get-library';
import type { CourseItem, MediaItem } from '@/types/library';

export type ItemKind = 'course' | 'video';

/** Returns the changed item, or null to remove it. */
export type ItemChange = <T extends CourseItem | MediaItem>(item: T) => T | null;

/**
 * Applies `change` to the item `id` in every cached library list of the user (the three
 * sections and any search results); `null` removes it. Returns a function that puts every
 * list back as it was, for a rollback.
 */
export function changeCachedItem(
  queryClient: QueryClient,
  userId: string,
  kind: ItemKind,
  id: string,
  change: ItemChange,
): () => void {
  const snapshots = queryClient.getQueriesData<LibraryData>({ queryKey: libraryRootKey(userId) });
  const apply = <T extends CourseItem | MediaItem>(items: T[]): T[] =>
    items.flatMap((item) => {
      if (item.id !== id) return [item];
      const next = change(item);
      return next === null ? [] : [next];
    });
  for (const [key, data] of snapshots) {
    if (!data?.pages) continue;
    queryClient.setQueryData<LibraryData>(key, {
      ...data,
      pages: data.pages.map((page) =>
        kind === 'course'
          ? { ...page, courses: apply(page.courses) }
          : { ...page, videos: apply(page.videos) },
      ),
    });
  }
  return () => {
    for (const [key, data] of snapshots as [QueryKey, LibraryData | undefined][]) queryClient.setQueryData(key, data);
  };
}
