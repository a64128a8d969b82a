import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon, type IconName } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { isLesson, isSolution, libraryQueryOptions, type MediaItem } from '@/features/library/api/get-user-library';
import { MediaCard } from '@/features/library/components/media-card';
import '@/features/library/components/library.css';

export type LibraryTab = 'all' | 'courses' | 'lessons' | 'solutions';

function EmptyState({ icon, title, text, action }: { icon: IconName; title: string; text: string; action?: ReactNode }) {
  return (
    <div className="library-empty">
      <span className="library-empty__icon">
        <Icon name={icon} />
      </span>
      <h2 className="library-empty__title">{title}</h2>
      <p className="library-empty__text">{text}</p>
      {action}
    </div>
  );
}

function Grid({ items, label }: { items: MediaItem[]; label: string }) {
  return (
    <ul className="media-grid" aria-label={label}>
      {items.map((item) => (
        <MediaCard key={item.id} item={item} />
      ))}
    </ul>
  );
}

const createVideoLink = (
  <Link to={paths.createLesson} className="btn btn--primary">
    <Icon name="plus" /> Create an explainer video
  </Link>
);

export function LibraryContent({ tab, userId }: { tab: LibraryTab; userId: string }) {
  const query = useQuery(libraryQueryOptions(userId));

  if (tab === 'courses') {
    return (
      <EmptyState
        icon="layers"
        title="No courses yet"
        text="Multi-lesson courses are coming soon. Your courses will be listed here."
        action={createVideoLink}
      />
    );
  }

  if (query.isPending) {
    return (
      <ul className="media-grid" aria-busy="true" aria-label="Loading your library">
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

  if (query.isError) {
    return (
      <div className="alert alert--error" role="alert">
        <Icon name="alert" className="alert__icon" />
        <p>Your library could not be loaded: {query.error.message}</p>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const lessons = query.data.videos.filter(isLesson);
  const solutions = query.data.videos.filter(isSolution);

  if (tab === 'lessons') {
    return lessons.length > 0 ? (
      <Grid items={lessons} label="Lessons" />
    ) : (
      <EmptyState
        icon="video"
        title="No lessons yet"
        text="Explainer videos you create appear here, ready to watch with subtitles, chapters and a transcript."
        action={createVideoLink}
      />
    );
  }

  if (tab === 'solutions') {
    return solutions.length > 0 ? (
      <Grid items={solutions} label="Solutions" />
    ) : (
      <EmptyState
        icon="sigma"
        title="No solutions yet"
        text="Step-by-step problem solutions are coming soon. They will be kept here."
      />
    );
  }

  if (lessons.length === 0 && solutions.length === 0) {
    return (
      <EmptyState
        icon="library"
        title="Your library is empty"
        text="Create your first explainer video: it takes a topic and a minute of your time."
        action={createVideoLink}
      />
    );
  }
  return (
    <div className="library-sections">
      {lessons.length > 0 ? (
        <section aria-labelledby="library-lessons">
          <h2 id="library-lessons" className="library-section__title">
            Lessons <span className="library-section__count">{lessons.length}</span>
          </h2>
          <Grid items={lessons} label="Lessons" />
        </section>
      ) : null}
      {solutions.length > 0 ? (
        <section aria-labelledby="library-solutions">
          <h2 id="library-solutions" className="library-section__title">
            Solutions <span className="library-section__count">{solutions.length}</span>
          </h2>
          <Grid items={solutions} label="Solutions" />
        </section>
      ) : null}
    </div>
  );
}
