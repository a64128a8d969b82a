import { useEffect, useId, useRef, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { ADDABLE_KINDS, KIND_LABELS, type AddableKind } from '@/features/editor/lib/scene-kinds';

/** "Add scene": a disclosure listing the kinds; choosing one appends a starter scene of it. */
export function AddSceneMenu({ onAdd, disabled = false }: { onAdd: (kind: AddableKind) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (open) listRef.current?.querySelector('button')?.focus();
  }, [open]);

  return (
    <div
      className="add-scene"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="btn btn--secondary"
        aria-expanded={open}
        aria-controls={open ? `${id}-kinds` : undefined}
        onClick={() => setOpen((o) => !o)}
        disabled={disabled}
      >
        <Icon name="plus" /> Add scene <Icon name="chevron-down" />
      </button>
      {open ? (
        <ul ref={listRef} id={`${id}-kinds`} className="add-scene__kinds" aria-label="Scene kinds">
          {ADDABLE_KINDS.map((kind) => (
            <li key={kind}>
              <button
                type="button"
                className="add-scene__kind"
                onClick={() => {
                  setOpen(false);
                  onAdd(kind);
                }}
              >
                {KIND_LABELS[kind]}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
