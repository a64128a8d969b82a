import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from '@/components/ui/icon';

type DialogProps = {
  title: string;
  description?: string | null;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
};

/** A modal: Escape or the backdrop closes it, focus moves in and goes back where it was. */
export function Dialog({ title, description, onClose, children, wide = false }: DialogProps) {
  const titleId = useId();
  // A description that only repeats the title (a video's topic often is its title) is said once.
  const subtitle = description && description.trim().toLowerCase() !== title.trim().toLowerCase() ? description : null;
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className={`dialog${wide ? ' dialog--wide' : ''}`} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <header className="dialog__header">
          <div>
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            {subtitle ? <p className="dialog__description">{subtitle}</p> : null}
          </div>
          <button ref={closeRef} type="button" className="btn btn--ghost btn--sm dialog__close" onClick={onClose} aria-label="Close">
            <Icon name="x" />
          </button>
        </header>
        <div className="dialog__body">{children}</div>
      </div>
    </div>
  );
}
