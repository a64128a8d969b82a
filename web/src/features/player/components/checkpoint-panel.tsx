import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Icon } from '@/components/ui/icon';
import {
  isRightNumber,
  parseNumberAnswer,
  rightAnswerText,
  sceneName,
  type Checkpoint,
} from '@/features/player/lib/checkpoints';
import { formatClock } from '@/features/player/lib/webvtt';
import '@/features/player/components/checkpoint.css';

type CheckpointPanelProps = {
  checkpoint: Checkpoint;
  /** How many questions the video has. */
  total: number;
  onAnswer: (correct: boolean) => void;
  onSkip: () => void;
  onContinue: () => void;
  onRewatch: () => void;
};

const NUMBER_HINT = 'A number such as 3.5, -2 or 1/4';

/**
 * One checkpoint question over the paused video (below it on a narrow player): pick an option
 * or type a number, then see how it went and its explanation. Focus moves in when it opens;
 * Escape skips the question, or continues once it is answered.
 */
export function CheckpointPanel({ checkpoint, total, onAnswer, onSkip, onContinue, onRewatch }: CheckpointPanelProps) {
  const ids = useId();
  const [choice, setChoice] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [correct, setCorrect] = useState<boolean | null>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLElement>(null);
  const answered = correct !== null;
  const scene = sceneName(checkpoint);

  useEffect(() => {
    fieldRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!answered) return;
    // The answer shown, the question stays in sight from its top (issue 54): the focus moves to
    // Continue without scrolling the question out of the picture.
    continueRef.current?.focus({ preventScroll: true });
    if (dialogRef.current) dialogRef.current.scrollTop = 0;
  }, [answered]);

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (answered) return;
    let right: boolean;
    if (checkpoint.kind === 'choice') {
      if (choice === null) {
        setProblem('Choose an answer first.');
        fieldRef.current?.focus();
        return;
      }
      right = choice === checkpoint.answer;
    } else {
      const value = parseNumberAnswer(typed);
      if (value === null) {
        setProblem(typed.trim() ? `“${typed.trim()}” is not a number. ${NUMBER_HINT}.` : `Type your answer first. ${NUMBER_HINT}.`);
        fieldRef.current?.focus();
        return;
      }
      right = isRightNumber(checkpoint, value);
    }
    setProblem(null);
    setCorrect(right);
    onAnswer(right);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    if (answered) onContinue();
    else onSkip();
  };

  const problemId = `${ids}-problem`;
  const hintId = `${ids}-hint`;
  const unitId = `${ids}-unit`;

  return (
    <section
      ref={dialogRef}
      className={`checkpoint${answered ? ' checkpoint--answered' : ''}`}
      role="dialog"
      aria-labelledby={`${ids}-title`}
      onKeyDown={onKeyDown}
    >
      <div className="checkpoint__card">
        <p className="checkpoint__eyebrow" id={`${ids}-title`}>
          <Icon name="help" /> Question {checkpoint.index + 1} of {Math.max(total, checkpoint.index + 1)}
        </p>
        <form className="checkpoint__form" onSubmit={check} noValidate>
          {checkpoint.kind === 'choice' ? (
            <fieldset className="checkpoint__fieldset" aria-describedby={problem ? problemId : undefined} disabled={answered}>
              <legend className="checkpoint__question">{checkpoint.question}</legend>
              <div className="checkpoint__options">
                {checkpoint.options.map((option, index) => {
                  const isRight = answered && index === checkpoint.answer;
                  const isWrongPick = answered && !correct && index === choice;
                  return (
                    <label
                      key={index}
                      className={`checkpoint__option${isRight ? ' checkpoint__option--right' : ''}${isWrongPick ? ' checkpoint__option--wrong' : ''}${answered && !isRight && !isWrongPick ? ' checkpoint__option--other' : ''}`}
                    >
                      <input
                        ref={index === 0 ? fieldRef : undefined}
                        type="radio"
                        name={`${ids}-choice`}
                        value={index}
                        checked={choice === index}
                        onChange={() => {
                          setChoice(index);
                          setProblem(null);
                        }}
                      />
                      <span className="checkpoint__option-text">{option}</span>{' '}
                      {isRight ? (
                        <span className="checkpoint__flag">
                          <Icon name="check" />
                          <span className="visually-hidden">(the right answer)</span>
                        </span>
                      ) : isWrongPick ? (
                        <span className="checkpoint__flag">
                          <Icon name="x" />
                          <span className="visually-hidden">(your answer)</span>
                        </span>
                      ) : null}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ) : (
            <div className="checkpoint__fieldset">
              <label className="checkpoint__question" htmlFor={`${ids}-number`}>
                {checkpoint.question}
              </label>
              <div className="checkpoint__number">
                <input
                  ref={fieldRef}
                  id={`${ids}-number`}
                  className="checkpoint__input"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  spellCheck={false}
                  value={typed}
                  readOnly={answered}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={[checkpoint.unit ? unitId : null, hintId, problem ? problemId : null].filter(Boolean).join(' ')}
                  onChange={(e) => {
                    setTyped(e.target.value);
                    setProblem(null);
                  }}
                />
                {checkpoint.unit ? (
                  <span className="checkpoint__unit" id={unitId}>
                    <span className="visually-hidden">in</span> {checkpoint.unit}
                  </span>
                ) : null}
              </div>
              <p className="checkpoint__hint" id={hintId}>
                {NUMBER_HINT}
              </p>
            </div>
          )}
          {problem ? (
            <p className="checkpoint__problem" id={problemId} role="alert">
              <Icon name="alert" /> {problem}
            </p>
          ) : null}
          {answered ? null : (
            <div className="checkpoint__actions">
              <button type="submit" className="btn btn--primary btn--sm">
                <Icon name="check" /> Check answer
              </button>
              <button type="button" className="btn btn--ghost btn--sm" onClick={onSkip}>
                Skip question
              </button>
            </div>
          )}
        </form>

        <div className="checkpoint__result" role="status">
          {answered ? (
            <>
              <p className={`checkpoint__verdict checkpoint__verdict--${correct ? 'right' : 'wrong'}`}>
                <Icon name={correct ? 'check-circle' : 'alert'} />
                {correct ? 'Correct' : `Not quite — the answer is ${rightAnswerText(checkpoint)}.`}
              </p>
              {checkpoint.explanation ? <p className="checkpoint__explanation">{checkpoint.explanation}</p> : null}
            </>
          ) : null}
        </div>

        {answered ? (
          <div className="checkpoint__actions">
            <button ref={continueRef} type="button" className="btn btn--primary btn--sm" onClick={onContinue}>
              <Icon name="play" /> Continue
            </button>
            <button type="button" className="btn btn--secondary btn--sm checkpoint__rewatch" onClick={onRewatch}>
              <Icon name="refresh" />
              <span>
                Rewatch this part
                <span className="checkpoint__rewatch-where">
                  {scene ? `“${scene}”, from ` : 'From '}
                  {formatClock(checkpoint.rewatch_from)}
                </span>
              </span>
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
