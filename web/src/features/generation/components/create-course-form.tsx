import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { GenerationStatus } from '@/features/generation/components/generation-status';
import { useCourseGeneration } from '@/features/generation/hooks/use-course-generation';
import {
  COURSE_COST,
  COURSE_DETAIL_LEVELS,
  DEFAULT_COURSE_DETAIL_LEVEL,
  MAX_BACKGROUND_LENGTH,
  MAX_GOAL_LENGTH,
  goalProblem,
  type CourseDetailLevel,
} from '@/features/generation/lib/course-request';
import '@/features/generation/components/create-lesson.css';

const examples = [
  'Understand how vaccines train the immune system',
  'Read and write basic Python programs',
  'Follow the linear algebra in machine learning papers',
  'Understand how interest rates affect the economy',
];

const creditWord = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;

type CreateCourseFormProps = {
  userId: string | null;
  /** The balance as the credits feature reports it; null while it is loading. */
  availableCredits: number | null;
  buyCreditsPath: string;
  /** Runs once the server accepted the job (the balance changed). */
  onQueued?: () => void;
};

/** SPEC 3's course form: a learning goal, what the learner already knows, and how deep to go. */
export function CreateCourseForm({ userId, availableCredits, buyCreditsPath, onQueued }: CreateCourseFormProps) {
  const generation = useCourseGeneration(userId);
  const [goal, setGoal] = useState('');
  const [background, setBackground] = useState('');
  const [detailLevel, setDetailLevel] = useState<CourseDetailLevel>(DEFAULT_COURSE_DETAIL_LEVEL);
  const [goalError, setGoalError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const goalRef = useRef<HTMLTextAreaElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const ids = useId();

  const short = availableCredits !== null && availableCredits < COURSE_COST;
  const onQueuedRef = useRef(onQueued);
  onQueuedRef.current = onQueued;
  useEffect(() => {
    if (generation.isQueued) onQueuedRef.current?.();
  }, [generation.isQueued, generation.jobId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = goalProblem(goal);
    if (problem) {
      setGoalError(problem);
      goalRef.current?.focus();
      return;
    }
    if (short || submitting) return;
    setSubmitting(true);
    requestAnimationFrame(() => statusRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' }));
    try {
      await generation.start({ goal, backgroundKnowledge: background, detailLevel });
    } finally {
      setSubmitting(false);
    }
  };

  const planAnother = () => {
    generation.reset();
    setGoal('');
    goalRef.current?.focus();
  };

  const courseId = generation.job?.metadata.courseId;
  const courseTitle = generation.job?.smartTitle || generation.job?.title;

  return (
    <div className="create-lesson">
      <div ref={statusRef}>
        <GenerationStatus
          generation={generation}
          fallbackTitle={generation.request?.goal || 'New Course'}
          failedTitle="The course could not be created"
          previousPage={paths.courseGenerator}
          buyCreditsPath={buyCreditsPath}
          onCreateAnother={planAnother}
          completedAction={
            courseId ? (
              <Link
                to={paths.courseDetail(courseId)}
                state={{ course: { id: courseId, title: courseTitle } }}
                className="btn btn--primary"
              >
                <Icon name="layers" /> Open course
              </Link>
            ) : null
          }
        />
      </div>
      <form className="create-lesson__grid" onSubmit={submit} noValidate aria-label="Create a course">
        <div className="form-card">
          <div className="field">
            <label htmlFor={`${ids}-goal`} className="field__label">
              What do you want to learn?
            </label>
            <textarea
              id={`${ids}-goal`}
              ref={goalRef}
              className="field__input field__input--area"
              rows={3}
              maxLength={MAX_GOAL_LENGTH}
              value={goal}
              placeholder="e.g. Understand how vaccines train the immune system"
              aria-invalid={goalError ? true : undefined}
              aria-describedby={`${ids}-goal-help${goalError ? ` ${ids}-goal-error` : ''}`}
              onChange={(e) => {
                setGoal(e.target.value);
                if (goalError) setGoalError(null);
              }}
            />
            <div className="field__row">
              <p id={`${ids}-goal-help`} className="field__help">
                Your learning goal: what you want to understand or be able to do at the end.
              </p>
              <span className="field__count" aria-hidden="true">
                {goal.length}/{MAX_GOAL_LENGTH}
              </span>
            </div>
            {goalError ? (
              <p id={`${ids}-goal-error`} className="field__error" role="alert">
                {goalError}
              </p>
            ) : null}
            <div className="example-chips" aria-label="Example goals" role="group">
              {examples.map((example) => (
                <button
                  key={example}
                  type="button"
                  className="example-chip"
                  onClick={() => {
                    setGoal(example);
                    setGoalError(null);
                  }}
                >
                  {example}
                </button>
              ))}
            </div>
          </div>

          <div className="field">
            <label htmlFor={`${ids}-background`} className="field__label">
              What do you already know?
            </label>
            <textarea
              id={`${ids}-background`}
              className="field__input field__input--area"
              rows={2}
              maxLength={MAX_BACKGROUND_LENGTH}
              value={background}
              placeholder="e.g. High-school biology; no programming yet"
              aria-describedby={`${ids}-background-help`}
              onChange={(e) => setBackground(e.target.value)}
            />
            <p id={`${ids}-background-help`} className="field__help">
              Optional. The course starts from here instead of from scratch.
            </p>
          </div>

          <fieldset className="field">
            <legend className="field__label">Detail</legend>
            <div className="level-options">
              {COURSE_DETAIL_LEVELS.map((option) => (
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
        </div>

        <aside className="order-card" aria-labelledby={`${ids}-summary`}>
          <h2 id={`${ids}-summary`} className="order-card__title">
            Your course
          </h2>
          <ul className="order-card__features">
            <li>
              <Icon name="layers" /> Ordered lessons, each with objectives, a summary and key terms
            </li>
            <li>
              <Icon name="video" /> A narrated video for each lesson, one by one or all at once, at no extra cost
            </li>
            <li>
              <Icon name="graduation-cap" /> Each lesson builds on the ones before it
            </li>
          </ul>
          <dl className="order-card__totals">
            <div>
              <dt>Cost</dt>
              <dd data-testid="course-cost">
                <Icon name="zap" /> {creditWord(COURSE_COST)}
              </dd>
            </div>
            <div>
              <dt>Your balance</dt>
              <dd>{availableCredits === null ? '…' : creditWord(availableCredits)}</dd>
            </div>
          </dl>
          {short ? (
            <div className="order-card__short" role="alert">
              <p>
                A course needs {creditWord(COURSE_COST)} and you have {creditWord(availableCredits ?? 0)}.
              </p>
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
                <Icon name="sparkles" /> Generate course
              </>
            )}
          </button>
          <p className="order-card__note">
            The 3 credits are refunded automatically if the course fails or you cancel it. Lesson videos of your own
            courses are free.
          </p>
        </aside>
      </form>
    </div>
  );
}
