import type { InfiniteQueryObserverResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Icon, type IconName } from '@/components/ui/icon';

export type EmptyStateProps = { icon: IconName; title: string; text: string; action?: ReactNode };

/** What a list shows when it has nothing: an icon, a title, a sentence and where to go instead. */
export function EmptyState({ icon, title, text, action }: EmptyStateProps) {
  return (
    <div className="library-empty">
      <span className="icon-tile icon-tile--large library-empty__icon">
        <Icon name={icon} />
      </span>
      <h2 className="library-empty__title">{title}</h2>
      <p className="library-empty__text">{text}</p>
      {action}
    </div>
  );
}

/** A list that could not be loaded: why (`children`), and a button that asks again. */
export function LoadError({ onRetry, children }: { onRetry: () => void; children: ReactNode }) {
  return (
    <div className="alert alert--error" role="alert">
      <Icon name="alert" className="alert__icon" />
      <p>{children}</p>
      <button type="button" className="btn btn--ghost btn--sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

type PagedQuery = Pick<InfiniteQueryObserverResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;

/** The button under a paged list that loads its next page; nothing once there is none. */
export function MoreButton({ query, label }: { query: PagedQuery; label: string }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="more-row">
      <button
        type="button"
        className="btn btn--secondary"
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? 'Loading…' : label}
      </button>
    </div>
  );
}
