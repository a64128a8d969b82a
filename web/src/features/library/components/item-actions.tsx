import { useId, useState, type FormEvent } from 'react';
import { Icon } from '@/components/ui/icon';
import { useDeleteLibraryItem, useUpdateLibraryItem } from '@/features/library/api/update-library-item';
import type { ItemKind } from '@/features/library/api/library-cache';

type ItemActionsProps = {
  userId: string;
  kind: ItemKind;
  id: string;
  title: string;
  isPublic: boolean;
  /** Only finished items can be published. */
  canPublish: boolean;
};

const MAX_TITLE = 200;

/** Publish or unpublish, rename, delete: what the owner can do with a library item. */
export function ItemActions({ userId, kind, id, title, isPublic, canPublish }: ItemActionsProps) {
  const update = useUpdateLibraryItem(userId);
  const remove = useDeleteLibraryItem(userId);
  const [mode, setMode] = useState<'idle' | 'renaming' | 'confirm-delete'>('idle');
  const [draft, setDraft] = useState(title);
  const inputId = useId();
  const what = kind === 'course' ? 'course' : 'video';

  const rename = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (next && next !== title) update.mutate({ kind, id, changes: { title: next } });
    setMode('idle');
  };

  if (mode === 'renaming') {
    return (
      <form className="item-actions item-actions--form" onSubmit={rename}>
        <label htmlFor={inputId} className="visually-hidden">
          New title for {title}
        </label>
        <input
          id={inputId}
          className="item-actions__input"
          value={draft}
          maxLength={MAX_TITLE}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setMode('idle');
          }}
          autoFocus
          required
        />
        <button type="submit" className="btn btn--primary btn--sm">
          Save
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setMode('idle')}>
          Cancel
        </button>
      </form>
    );
  }

  if (mode === 'confirm-delete') {
    return (
      <div className="item-actions item-actions--confirm" role="group" aria-label={`Delete ${title}?`}>
        <span className="item-actions__question">Delete this {what} and its media?</span>
        <button
          type="button"
          className="btn btn--danger btn--sm"
          onClick={() => {
            setMode('idle');
            remove.mutate({ kind, id });
          }}
        >
          Delete
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setMode('idle')}>
          Keep
        </button>
      </div>
    );
  }

  return (
    <div className="item-actions" role="group" aria-label={`Actions for ${title}`}>
      {canPublish || isPublic ? (
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          disabled={update.isPending}
          onClick={() => update.mutate({ kind, id, changes: { is_public: !isPublic } })}
          title={isPublic ? 'Remove it from Explore' : 'List it in Explore for everyone'}
        >
          <Icon name={isPublic ? 'lock' : 'globe'} /> {isPublic ? 'Make private' : 'Publish'}
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn--ghost btn--sm btn--icon"
        onClick={() => {
          setDraft(title);
          setMode('renaming');
        }}
        aria-label={`Rename ${title}`}
        title="Rename"
      >
        <Icon name="pencil" />
      </button>
      <button
        type="button"
        className="btn btn--ghost btn--sm btn--icon"
        onClick={() => setMode('confirm-delete')}
        aria-label={`Delete ${title}`}
        title="Delete"
      >
        <Icon name="trash" />
      </button>
    </div>
  );
}
