import { Icon } from '@/components/ui/icon';
import { ApiError } from '@/lib/api-client';

type PublicLoadStateProps = {
  /** What is loading, as the messages name it: "course", "video". */
  noun: string;
  /** Why it did not load; none while it loads. */
  error: Error | null;
  onRetry: () => void;
  /** The failure's heading level: h2 under a page's own title. */
  titleAs?: 'h1' | 'h2';
};

/**
 * A published course's or video's page before it has its data (issue 17's embeds and the watch
 * page): "Loading the …", or why it could not be shown: gone (made private or deleted), or the
 * error and "Try again".
 */
export function PublicLoadState({ noun, error, onRetry, titleAs: Title = 'h1' }: PublicLoadStateProps) {
  if (!error) {
    return (
      <div className="load-state" role="status">
        <span className="spinner" aria-hidden="true" /> Loading the {noun}…
      </div>
    );
  }
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <div className="load-state load-state--error" role="alert">
      <Icon name="alert" className="load-state__icon" />
      <Title className="load-state__title">{notFound ? `This ${noun} is not available` : `The ${noun} could not be loaded`}</Title>
      <p>{notFound ? 'It may have been made private or deleted.' : error.message}</p>
      {notFound ? null : (
        <button type="button" className="btn btn--secondary btn--sm" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
