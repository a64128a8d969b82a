import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { storyboardQueryKey } from '@/features/editor/api/get-storyboard';
import { restoreRevision, revisionsQueryOptions, revisionsRootKey } from '@/features/editor/api/revisions';
import type { Revision } from '@/features/editor/api/contract';
import { creditText } from '@/features/editor/lib/storyboard-math';
import '@/features/editor/components/editor.css';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

type VersionsPanelProps = {
  videoId: string;
  /** A version was restored: show it (the job it was rendered by). */
  onRestored: (jobId: string) => void;
};

/** Issue 16: the video's versions, newest first; any but the current one can be restored. Nothing shows until there are some. */
export function VersionsPanel({ videoId, onRestored }: VersionsPanelProps) {
  const queryClient = useQueryClient();
  const revisions = useQuery(revisionsQueryOptions(videoId));
  const restore = useMutation({
    mutationFn: (revision: Revision) => restoreRevision(videoId, revision.number),
    onSuccess: async (_video, revision) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: revisionsRootKey }),
        queryClient.invalidateQueries({ queryKey: storyboardQueryKey(videoId) }),
      ]);
      onRestored(revision.job_id);
    },
  });

  const list = revisions.data?.revisions ?? [];
  if (list.length === 0) return null;

  return (
    <details className="versions card" data-testid="versions">
      <summary className="versions__summary">Versions ({list.length})</summary>
      <ol className="versions__list" aria-label="Versions">
        {list.map((revision) => (
          <li key={revision.number} className="versions__item" data-testid="version">
            <span>
              <strong>Version {revision.number}</strong>
              {revision.current ? <span className="badge badge--soft versions__current">Current</span> : null}
              <br />
              <span className="versions__meta">
                <time dateTime={revision.created_at}>{formatDate(revision.created_at)}</time>
                {revision.number > 1 || revision.scenes_changed > 0
                  ? ` · ${revision.scenes_changed} ${revision.scenes_changed === 1 ? 'scene' : 'scenes'} changed`
                  : ' · the first version'}
                {` · ${creditText(revision.cost)}`}
              </span>
            </span>
            {revision.current ? null : (
              <button
                type="button"
                className="btn btn--secondary btn--sm"
                onClick={() => restore.mutate(revision)}
                disabled={restore.isPending}
              >
                Restore <span className="visually-hidden">version {revision.number}</span>
              </button>
            )}
          </li>
        ))}
      </ol>
      {restore.error ? (
        <p className="editor-field__error" role="alert">
          The version could not be restored: {restore.error.message}
        </p>
      ) : null}
    </details>
  );
}
