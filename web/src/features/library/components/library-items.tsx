import { CourseCard, MediaCard, MediaGrid } from '@/components/media/media-card';
import type { ListedProgress } from '@/features/library/api/get-library';
import { ItemActions } from '@/features/library/components/item-actions';
import type { CourseItem, MediaItem } from '@/types/library';

type OwnerActionsProps = { userId: string; kind: 'video' | 'course'; item: MediaItem | CourseItem; canPublish: boolean };

/** What the owner can do with a card: publish (once there is something to watch), rename, delete. */
function OwnerActions({ userId, kind, item, canPublish }: OwnerActionsProps) {
  return (
    <ItemActions userId={userId} kind={kind} id={item.id} title={item.title} isPublic={Boolean(item.is_public)} canPublish={canPublish} />
  );
}

/** "Watched", or how much of it: the owner's progress in a video they started. */
export function videoProgressText(watched: ListedProgress['videos'][string] | undefined): string | null {
  if (!watched) return null;
  if (watched.completed) return 'Watched';
  if (watched.duration_seconds <= 0) return null;
  return `${Math.min(99, Math.round((100 * watched.furthest_seconds) / watched.duration_seconds))}% watched`;
}

/** "3 of 6 lessons completed, 80% of checkpoints" (the checkpoints once one was answered). */
export function courseProgressText(progress: ListedProgress['courses'][string] | undefined): string | null {
  if (!progress || progress.lessons === 0) return null;
  const lessons = `${progress.lessons_completed} of ${progress.lessons} ${progress.lessons === 1 ? 'lesson' : 'lessons'} completed`;
  if (progress.checkpoints_answered === 0) return lessons;
  return `${lessons}, ${Math.round((100 * progress.checkpoints_correct) / progress.checkpoints_answered)}% of checkpoints`;
}

function ProgressNote({ text }: { text: string | null }) {
  return text ? <p className="media-card__progress">{text}</p> : null;
}

type GridProps<T> = { userId: string; items: T[]; label: string; progress?: ListedProgress };

/** The owner's cards: each with its progress, publish, rename and delete. */
export function VideoGrid({ userId, items, label, progress, showType = false }: GridProps<MediaItem> & { showType?: boolean }) {
  const actions = (item: MediaItem) => (
    <>
      <ProgressNote text={videoProgressText(progress?.videos[item.id])} />
      <OwnerActions userId={userId} kind="video" item={item} canPublish={item.status === 'completed'} />
    </>
  );
  return (
    <MediaGrid label={label}>
      {items.map((item) => (
        <MediaCard key={item.id} item={item} showType={showType} actions={actions(item)} />
      ))}
    </MediaGrid>
  );
}

export function CourseGrid({ userId, items, label, progress }: GridProps<CourseItem>) {
  return (
    <MediaGrid label={label}>
      {items.map((item) => (
        <CourseCard
          key={item.id}
          item={item}
          actions={
            <>
              <ProgressNote text={courseProgressText(progress?.courses[item.id])} />
              <OwnerActions userId={userId} kind="course" item={item} canPublish />
            </>
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
