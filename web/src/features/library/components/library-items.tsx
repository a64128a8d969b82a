import { CourseCard, MediaCard, MediaGrid } from '@/components/media/media-card';
import { ItemActions } from '@/features/library/components/item-actions';
import type { CourseItem, MediaItem } from '@/types/library';

/** The owner's cards: each with publish, rename and delete. */
export function VideoGrid({ userId, items, label, showType = false }: { userId: string; items: MediaItem[]; label: string; showType?: boolean }) {
  return (
    <MediaGrid label={label}>
      {items.map((item) => (
        <MediaCard
          key={item.id}
          item={item}
          showType={showType}
          actions={
            <ItemActions
              userId={userId}
              kind="video"
              id={item.id}
              title={item.title}
              isPublic={Boolean(item.is_public)}
              canPublish={item.status === 'completed'}
            />
          }
        />
      ))}
    </MediaGrid>
  );
}

export function CourseGrid({ userId, items, label }: { userId: string; items: CourseItem[]; label: string }) {
  return (
    <MediaGrid label={label}>
      {items.map((item) => (
        <CourseCard
          key={item.id}
          item={item}
          actions={
            <ItemActions userId={userId} kind="course" id={item.id} title={item.title} isPublic={Boolean(item.is_public)} canPublish />
          }
        />
      ))}
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
