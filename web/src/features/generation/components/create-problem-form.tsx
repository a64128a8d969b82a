import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { SolutionAnswer } from '@/components/solution/solution-answer';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { jobStatusQueryOptions } from '@/features/generation/api/get-job-status';
import { GenerationStatus } from '@/features/generation/components/generation-status';
import { useSolutionGeneration } from '@/features/generation/hooks/use-solution-generation';
import {
  DEFAULT_DETAIL_LEVEL,
  DEFAULT_PROBLEM_MINUTES,
  DEFAULT_PROBLEM_TYPE,
  DEFAULT_SUBJECT,
  DETAIL_LEVELS,
  MAX_PROBLEM_LENGTH,
  MAX_PROBLEM_MINUTES,
  MIN_PROBLEM_MINUTES,
  PROBLEM_COST,
  PROBLEM_TYPES,
  SUBJECTS,
  type DetailLevel,
} from '@/features/generation/lib/solution-request';
import '@/features/generation/components/create-lesson.css';

const examples = ['2x + 3 = 11', 'x^2 - 5x + 6 = 0', '2x + 3y = 7; x - y = 1', 'd/dx((x^2 + 1)(x - 3))', '∫ (3x^2 + 2x) dx', '3/4 + 5/6 * 2'];

const creditWord = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

type CreateProblemFormProps = {
  userId: string | null;
  /** The balance as the credits feature reports it; null while it is loading. */
  availableCredits: number | null;
  buyCreditsPath: string;
  /** Runs once the server accepted the job (the balance changed). */
  onQueued?: () => void;
};

/** The answer of the finished job, read once from its status. */
function FinishedAnswer({ jobId }: { jobId: string }) {
  const status = useQuery(jobStatusQueryOptions(jobId));
  return status.data?.solution ? <SolutionAnswer solution={status.data.solution} /> : null;
}

export function CreateProblemForm({ userId, availableCredits, buyCreditsPath, onQueued }: CreateProblemFormProps) {
  const generation = useSolutionGeneration(userId);
  const [problem, setProblem] = useState('');
  const [subject, setSubject] = useState(DEFAULT_SUBJECT);
  const [problemType, setProblemType] = useState(DEFAULT_PROBLEM_TYPE);
  const [detailLevel, setDetailLevel] = useState<DetailLevel>(DEFAULT_DETAIL_LEVEL);
  const [duration, setDuration] = useState(DEFAULT_PROBLEM_MINUTES);
  const [showWork, setShowWork] = useState(true);
  const [problemError, setProblemError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const problemRef = useRef<HTMLTextAreaElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const ids = useId();

  const short = availableCredits !== null && availableCredits < PROBLEM_COST;
  const onQueuedRef = useRef(onQueued);
  onQueuedRef.current = onQueued;
  useEffect(() => {
    if (generation.isQueued) onQueuedRef.current?.();
  }, [generation.isQueued, generation.jobId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!problem.trim()) {
      setProblemError('Type or paste the problem to solve.');
      problemRef.current?.focus();
      return;
    }
    if (short || submitting) return;
    setSubmitting(true);
    requestAnimationFrame(() => statusRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' }));
    try {
      await generation.start({ problem, subject, problemType, detailLevel, duration, showWork });
    } finally {
      setSubmitting(false);
    }
  };

  const solveAnother = () => {
    generation.reset();
    setProblem('');
    problemRef.current?.focus();
  };

  return (
    <div className="create-lesson">
      <div ref={statusRef}>
        <GenerationStatus
          generation={generation}
          fallbackTitle={generation.request?.problem_text.slice(0, 100) || 'Problem Solution'}
          failedTitle="The problem could not be solved"
          previousPage={paths.problemSolver}
          buyCreditsPath={buyCreditsPath}
          onCreateAnother={solveAnother}
          completedDetail={generation.jobId ? <FinishedAnswer jobId={generation.jobId} /> : null}
        />
      </div>
      <form className="create-lesson__grid" onSubmit={submit} noValidate aria-label="Create a problem solution">
        <div className="form-card">
          <div className="field">
            <label htmlFor={`${ids}-problem`} className="field__label">
              What problem should be solved?
            </label>
            <textarea
              id={`${ids}-problem`}
              ref={problemRef}
              className="field__input field__input--area field__input--math"
              rows={4}
              maxLength={MAX_PROBLEM_LENGTH}
              value={problem}
              spellCheck={false}
              placeholder="e.g. 2x + 3 = 11"
              aria-invalid={problemError ? true : undefined}
              aria-describedby={`${ids}-problem-help${problemError ? ` ${ids}-problem-error` : ''}`}
              onChange={(e) => {
                setProblem(e.target.value);
                if (problemError) setProblemError(null);
              }}
            />
            <div className="field__row">
              <p id={`${ids}-problem-help`} className="field__help">
                Type it as you would write it: x^2 for powers, 3/4 for fractions, sqrt(2), d/dx(...), ∫ ... dx; separate
                the equations of a system with ";".
              </p>
              <span className="field__count" aria-hidden="true">
                {problem.length}/{MAX_PROBLEM_LENGTH}
              </span>
            </div>
            {problemError ? (
              <p id={`${ids}-problem-error`} className="field__error" role="alert">
                {problemError}
              </p>
            ) : null}
            <div className="example-chips" aria-label="Example problems" role="group">
              {examples.map((example) => (
                <button
                  key={example}
                  type="button"
                  className="example-chip example-chip--math"
                  onClick={() => {
                    setProblem(example);
                    setProblemError(null);
                  }}
                >
                  {example}
                </button>
              ))}
            </div>
          </div>

          <div className="field-pair">
            <div className="field">
              <label htmlFor={`${ids}-subject`} className="field__label">
                Subject
              </label>
              <select id={`${ids}-subject`} className="field__input" value={subject} onChange={(e) => setSubject(e.target.value)}>
                {SUBJECTS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${ids}-type`} className="field__label">
                Problem type
              </label>
              <select
                id={`${ids}-type`}
                className="field__input"
                value={problemType}
                onChange={(e) => setProblemType(e.target.value)}
              >
                {PROBLEM_TYPES.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
            </div>
          </div>

          <fieldset className="field">
            <legend className="field__label">Detail</legend>
            <div className="level-options">
              {DETAIL_LEVELS.map((option) => (
                <label key={option.value} className="level-option">
                  <input
                    type="radio"
                    name={`${ids}-detail`}
                    value={option.value}
                    checked={detailLevel === option.value}
                    onChange={() => setDetailLevel(option.value)}
                  />
                  <span className="level-option__box">
                    <span className="level-option__label">{option.label}</span>
                    <span className="level-option__hint">{option.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <div className="field">
            <div className="field__row">
              <label htmlFor={`${ids}-duration`} className="field__label">
                Length
              </label>
              <output htmlFor={`${ids}-duration`} className="field__value">
                {duration} min
              </output>
            </div>
            <input
              id={`${ids}-duration`}
              type="range"
              className="range"
              min={MIN_PROBLEM_MINUTES}
              max={MAX_PROBLEM_MINUTES}
              step={1}
              value={duration}
              aria-valuetext={`${duration} ${duration === 1 ? 'minute' : 'minutes'}`}
              onChange={(e) => setDuration(Number(e.target.value))}
            />
            <p className="field__help">
              At most {MAX_PROBLEM_MINUTES} minutes. The video is as long as the solution needs, up to this length.
            </p>
          </div>

          <label className="switch-field">
            <input type="checkbox" role="switch" checked={showWork} onChange={(e) => setShowWork(e.target.checked)} />
            <span className="switch" aria-hidden="true" />
            <span>
              <span className="switch-field__label">Show the work</span>
              <span className="switch-field__help">Every step on screen, with the rule it uses. Off: the problem and its answer.</span>
            </span>
          </label>
        </div>

        <aside className="order-card" aria-labelledby={`${ids}-summary`}>
          <h2 id={`${ids}-summary`} className="order-card__title">
            Your solution
          </h2>
          <ul className="order-card__features">
            <li>
              <Icon name="check-circle" /> Every step checked by computation before it is narrated
            </li>
            <li>
              <Icon name="sigma" /> What each step changes highlighted, the rule named, the answer boxed
            </li>
            <li>
              <Icon name="captions" /> Narration, subtitles, chapters and a transcript
            </li>
          </ul>
          <dl className="order-card__totals">
            <div>
              <dt>Cost</dt>
              <dd data-testid="solution-cost">
                <Icon name="zap" /> {creditWord(PROBLEM_COST)}
              </dd>
            </div>
            <div>
              <dt>Your balance</dt>
              <dd>{availableCredits === null ? '…' : creditWord(availableCredits)}</dd>
            </div>
          </dl>
          {short ? (
            <div className="order-card__short" role="alert">
              <p>You're out of credits. A solution needs {creditWord(PROBLEM_COST)}.</p>
              <Link to={buyCreditsPath} className="btn btn--accent btn--sm">
                Buy Credits
              </Link>
            </div>
          ) : null}
          <button
            type="submit"
            className="btn btn--primary btn--lg btn--block"
            disabled={short || submitting || availableCredits === null}
          >
            {submitting ? (
              <>
                <span className="spinner" aria-hidden="true" /> Starting…
              </>
            ) : (
              <>
                <Icon name="sparkles" /> Solve step by step
              </>
            )}
          </button>
          <p className="order-card__note">Credits are refunded automatically if the solution fails or you cancel it.</p>
        </aside>
      </form>
    </div>
  );
}
