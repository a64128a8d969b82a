import { CourseCard, MediaCard, MediaGrid } from '@/components/media/media-card';
import { ItemActions } from '@/features/library/components/item-actions';
import type { CourseItem, MediaItem } from '@/types/library';

type OwnerActionsProps = { userId: string; kind: 'video' | 'course'; item: MediaItem | CourseItem; canPublish: boolean };

/** What the owner can do with a card: publish (once there is something to watch), rename, delete. */
function OwnerActions({ userId, kind, item, canPublish }: OwnerActionsProps) {
  return (
    <ItemActions userId={userId} kind={kind} id={item.id} title={item.title} isPublic={Boolean(item.is_public)} canPublish={canPublish} />
  );
}

/** The owner's cards: each with publish, rename and delete. */
export function VideoGrid({ userId, items, label, showType = false }: { userId: string; items: MediaItem[]; label: string; showType?: boolean }) {
  const actions = (item: MediaItem) => <OwnerActions userId={userId} kind="video" item={item} canPublish={item.status === 'completed'} />;
  return (
    <MediaGrid label={label}>
      {items.map((item) => (
        <MediaCard key={item.id} item={item} showType={showType} actions={actions(item)} />
      ))}
    </MediaGrid>
  );
}

export function CourseGrid({ userId, items, label }: { userId: string; items: CourseItem[]; label: string }) {
  return (
    <MediaGrid label={label}>
      {items.map((item) => <CourseCard key={item.id} item={item} actions={<OwnerActions userId={userId} kind="course" item={item} canPublish />} />)}
    </MediaGrid>
  );
}

export function GridSkeleton({ label }: { label: string }) {
  return (
    <ul className="media-grid" aria-busy="true" aria-label={label}>
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="media-card media-card--skeleton">
          <div className="skeleton media-card__skeleton-media" />
          <div className="media-card__body">
            <span className="skeleton skeleton--text" />
            <span className="skeleton skeleton--text" />
          </div>
        </li>
      ))}
    </ul>
  );
}
