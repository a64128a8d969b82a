import { useId, useRef, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { embedCode, embedUrl, type EmbedKind } from '@/lib/embed-code';
import '@/components/embed/embed.css';

type EmbedButtonProps = {
  kind: EmbedKind;
  /** The published video's (or its job's) id, or the course's. */
  id: string;
  title: string;
};

/** "Embed" on a published video or course: a dialog with the HTML that frames it on another site, and Copy. */
export function EmbedButton({ kind, id, title }: EmbedButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn--secondary btn--sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Icon name="code" /> Embed
      </button>
      {open ? <EmbedDialog kind={kind} id={id} title={title} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

function EmbedDialog({ kind, id, title, onClose }: EmbedButtonProps & { onClose: () => void }) {
  const codeId = useId();
  const codeRef = useRef<HTMLTextAreaElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const origin = window.location.origin;
  const code = embedCode(origin, kind, id, title);

  const onCopy = async () => {
    try {
      // Missing outside a secure context, and refused without permission: then the code is selected instead.
      await navigator.clipboard.writeText(code);
      setCopy('copied');
    } catch {
      codeRef.current?.focus();
      codeRef.current?.select();
      setCopy('failed');
    }
  };

  return (
    <Dialog
      title={`Embed this ${kind}`}
      description={`Paste this HTML into a web page to show “${title}” there. Anyone can watch it${kind === 'course' ? 's lessons' : ''} without signing in, while it stays published.`}
      onClose={onClose}
    >
      <div className="embed-code">
        <label className="embed-code__label" htmlFor={codeId}>
          Embed code
        </label>
        <textarea
          ref={codeRef}
          id={codeId}
          className="text-input embed-code__text"
          readOnly
          rows={4}
          value={code}
          spellCheck={false}
          onFocus={(e) => e.currentTarget.select()}
        />
        <div className="embed-code__actions">
          <button type="button" className="btn btn--primary btn--sm" onClick={() => void onCopy()}>
            <Icon name={copy === 'copied' ? 'check' : 'code'} /> Copy
          </button>
          <a className="btn btn--ghost btn--sm" href={embedUrl(origin, kind, id)} target="_blank" rel="noopener">
            <Icon name="external-link" /> Preview
          </a>
          <span className={`embed-code__status${copy === 'failed' ? ' embed-code__status--failed' : ''}`} role="status">
            {copy === 'copied' ? 'Copied' : copy === 'failed' ? 'Copying is not allowed here: the code is selected, copy it with your keyboard.' : ''}
          </span>
        </div>
      </div>
    </Dialog>
  );
}
