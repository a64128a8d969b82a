import { useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Icon } from '@/components/ui/icon';
import type { ReadingView } from '@/features/create/hooks/use-problem-reading';
import { kindInWords } from '@/features/create/lib/problem-reading';
import type { WriterKind } from '@/types/writer';

type ProblemReadingPanelProps = {
  view: ReadingView;
  /** A paid submit was stopped until the reading is confirmed or corrected. */
  asked: boolean;
  onConfirm: (yes: boolean) => void;
  /** Replaces the problem's text with the student's correction of the reading. */
  onCorrect: (text: string) => void;
  /** Focuses the problem's text to change it. */
  onEditText: () => void;
  /** Who writes a solution Lectern cannot compute on its own; undefined while asked for. */
  writer: WriterKind | null | undefined;
  /** The "This reading is right" toggle, focused when a submit waits for it. */
  confirmRef?: Ref<HTMLButtonElement>;
};

/**
 * "Lectern reads this as: ..." under the problem, before anything is paid for (issue 51): the
 * problem as the solver will take it, a toggle to confirm a reading that rewrote the student's
 * words, a way to correct the reading or the text, and, for what Lectern cannot solve, why in
 * plain words and how to write it. Words that name an exercise of the chosen worksheet are not
 * read: the panel says the exercise is taken from it.
 */
export function ProblemReadingPanel({ view, asked, onConfirm, onCorrect, onEditText, writer, confirmRef }: ProblemReadingPanelProps) {
  const titleId = useId();
  const correctionId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const correctButtonRef = useRef<HTMLButtonElement>(null);
  const correctionRef = useRef<HTMLInputElement>(null);
  const [correction, setCorrection] = useState<string | null>(null);

  if (view.state === 'empty') return null;

  const read = view.state === 'read' ? view : null;
  const solvable = read?.reading.solvable ?? false;

  const startCorrecting = () => {
    if (!read) return;
    setCorrection(read.reading.reading || '');
    requestAnimationFrame(() => correctionRef.current?.focus());
  };
  const cancelCorrection = () => {
    setCorrection(null);
    requestAnimationFrame(() => correctButtonRef.current?.focus());
  };
  const applyCorrection = () => {
    const text = correction?.trim();
    if (!text) return;
    setCorrection(null);
    onCorrect(text);
    // The new text is read again: the focus goes to the panel that will say how.
    requestAnimationFrame(() => titleRef.current?.focus());
  };
  const onCorrectionKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter in a field of the form would order the solution: here it applies the correction.
      event.preventDefault();
      applyCorrection();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancelCorrection();
    }
  };

  return (
    <section
      className={`problem-reading${read && !solvable ? ' problem-reading--refused' : ''}`}
      aria-labelledby={titleId}
      data-testid="problem-reading"
    >
      <h2 id={titleId} ref={titleRef} tabIndex={-1} className="problem-reading__title">
        How Lectern reads your problem
      </h2>
      <div aria-live="polite" aria-atomic="true" className="problem-reading__body">
        {view.state === 'reading' ? <p className="field__help">Reading your problem…</p> : null}
        {view.state === 'exercise' ? (
          // Words that name an exercise of the chosen worksheet are not read here (issue 50).
          <>
            <p className="problem-reading__lead" data-testid="problem-reading-exercise">
              Lectern takes exercise {view.label} from your worksheet when you order the solution, and solves it as
              the worksheet states it.
            </p>
            <p className="field__help">
              If the worksheet has no exercise {view.label}, nothing is charged and Lectern says which exercises it has.
            </p>
          </>
        ) : null}
        {view.state === 'unavailable' ? (
          <p className="field__help">
            Lectern could not read it just now ({view.message}). It is read again when you order the solution, before
            anything is charged.
          </p>
        ) : null}
        {read && solvable ? (
          <>
            <p className="problem-reading__lead">
              Lectern reads this as {kindInWords(read.reading.kind)}:
            </p>
            <p className="problem-reading__math" data-testid="problem-reading-text">
              {read.reading.reading}
            </p>
            {read.mustConfirm ? (
              <p className="field__help">
                {read.confirmed
                  ? 'Confirmed: this is what will be solved.'
                  : 'Check that this is your problem before you order the solution.'}
              </p>
            ) : null}
          </>
        ) : null}
        {read && !solvable ? (
          <>
            <p className="problem-reading__refusal" data-testid="problem-reading-refusal">
              <Icon name="alert" />
              <span>{read.reading.detail}</span>
            </p>
            {(writer === 'local_model' || writer === 'remote_model') && read.reading.kind !== 'not_understood' ? (
              <p className="field__help">
                The language model on this server will try it instead; every step it writes is checked by computation.
              </p>
            ) : null}
          </>
        ) : null}
      </div>
      {asked ? (
        <p className="field__error" role="alert">
          Confirm how Lectern reads your problem, or correct it, before ordering the solution.
        </p>
      ) : null}
      {read && correction === null ? (
        <div className="problem-reading__actions">
          {solvable && read.mustConfirm ? (
            <button
              type="button"
              ref={confirmRef}
              className={`btn btn--sm ${read.confirmed ? 'btn--primary' : 'btn--secondary'}`}
              aria-pressed={read.confirmed}
              onClick={() => onConfirm(!read.confirmed)}
            >
              <Icon name={read.confirmed ? 'check-circle' : 'check'} />
              This reading is right
            </button>
          ) : null}
          {solvable && read.mustConfirm ? (
            <button type="button" ref={correctButtonRef} className="btn btn--sm btn--ghost" onClick={startCorrecting}>
              <Icon name="pencil" />
              Correct the reading
            </button>
          ) : null}
          {read.mustConfirm || !solvable ? (
            <button type="button" className="btn btn--sm btn--ghost" onClick={onEditText}>
              Edit my problem
            </button>
          ) : null}
        </div>
      ) : null}
      {correction !== null ? (
        <div className="problem-reading__correction">
          <label htmlFor={correctionId} className="field__label">
            Your correction of the reading
          </label>
          <input
            id={correctionId}
            ref={correctionRef}
            className="text-input field__input field__input--math"
            value={correction}
            spellCheck={false}
            aria-describedby={`${correctionId}-help`}
            onChange={(event) => setCorrection(event.target.value)}
            onKeyDown={onCorrectionKey}
          />
          <p id={`${correctionId}-help`} className="field__help">
            It replaces your problem's text and is read again. Enter uses it, Escape cancels.
          </p>
          <div className="problem-reading__actions">
            <button type="button" className="btn btn--sm btn--secondary" onClick={applyCorrection} disabled={!correction.trim()}>
              Use this
            </button>
            <button type="button" className="btn btn--sm btn--ghost" onClick={cancelCorrection}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
