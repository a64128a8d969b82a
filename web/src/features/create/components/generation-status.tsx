import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { ellipsize } from '@/lib/text';
import type { Generation } from '@/features/create/hooks/use-generation';

/** Characters of a title the status banner shows before an ellipsis. */
export const BANNER_TITLE_MAX = 80;

type GenerationStatusProps = {
  generation: Pick<
    Generation<unknown, unknown>,
    'phase' | 'progress' | 'step' | 'error' | 'warning' | 'job' | 'jobId' | 'needsCredits'
  >;
  /** The title until the queue knows one. */
  fallbackTitle: string;
  failedTitle?: string;
  /** Where the player's Back link returns. */
  previousPage?: string;
  buyCreditsPath: string;
  onCreateAnother: () => void;
  /** After a failure or a cancel: start over with the text kept. */
  onTryAgain: () => void;
  /** Shown under the ready message (a solution's answer). */
  completedDetail?: ReactNode;
  /** What the finished job offers instead of "Watch now" (a course: open it). */
  completedAction?: ReactNode;
};

type OutcomeProps = {
  /** What the banner says: the last step, or why it failed. */
  text: ReactNode;
  /** A failure is announced at once (an alert); the rest politely (a status). */
  failed?: boolean;
  testId?: string;
  /** Shown under the text (a solution's answer). */
  detail?: ReactNode;
  action?: ReactNode;
  again: string;
  onAgain: () => void;
};

/** How a job ended: what the banner says, then what to do next and the button that starts over. */
function Outcome({ text, failed = false, testId, detail, action, again, onAgain }: OutcomeProps) {
  return (
    <>
      <p className={failed ? 'gen-status__error' : 'gen-status__step'} role={failed ? 'alert' : 'status'} data-testid={testId}>
        {text}
      </p>
      {detail}
      <div className="gen-status__actions">
        {action}
        <button type="button" className="btn btn--secondary" onClick={onAgain}>
          {again}
        </button>
      </div>
    </>
  );
}

/** SPEC 4.2 on the create screen: initializing, progress, warnings, ready or failed. */
export function GenerationStatus({
  generation,
  fallbackTitle,
  failedTitle = 'The video could not be created',
  previousPage = paths.createLesson,
  buyCreditsPath,
  onCreateAnother,
  onTryAgain,
  completedDetail,
  completedAction,
}: GenerationStatusProps) {
  const { phase, progress, step, error, warning, job, jobId, needsCredits } = generation;
  if (phase === 'idle') return null;
  const title = job?.smartTitle || job?.title || fallbackTitle;
  // The banner names the job in one short line; the whole text stays in its tooltip.
  const shortTitle = ellipsize(title, BANNER_TITLE_MAX);

  return (
    <section className={`gen-status gen-status--${phase}`} aria-labelledby="gen-status-title" data-testid="generation-status">
      <div className="gen-status__icon" aria-hidden="true">
        {phase === 'generating' ? <span className="spinner" /> : null}
        {phase === 'completed' ? <Icon name="check-circle" /> : null}
        {phase === 'failed' ? <Icon name="alert" /> : null}
        {phase === 'cancelled' ? <Icon name="info" /> : null}
      </div>
      <div className="gen-status__body">
        <h2 id="gen-status-title" className="gen-status__title" tabIndex={-1} title={phase === 'failed' ? undefined : title}>
          {phase === 'generating' ? `Creating “${shortTitle}”` : null}
          {phase === 'completed' ? shortTitle : null}
          {phase === 'failed' ? failedTitle : null}
          {phase === 'cancelled' ? `“${shortTitle}” was cancelled` : null}
        </h2>

        {phase === 'generating' ? (
          <>
            <ProgressBar
              className="progress gen-status__bar"
              fillClassName="progress__fill"
              label="Generation progress"
              value={progress}
              minPercent={2}
            />
            <p className="gen-status__step" role="status">
              <span>{step}</span>
              <span className="gen-status__percent">{progress}%</span>
            </p>
            {warning ? (
              <p className="gen-status__warning">
                <Icon name="clock" /> {warning}
              </p>
            ) : null}
            <p className="gen-status__hint">
              You can leave this page: the AI Generation Queue keeps following the job and tells you when it is ready.
            </p>
          </>
        ) : null}

        {phase === 'completed' ? (
          <Outcome
            text={step}
            detail={completedDetail}
            action={
              completedAction !== undefined ? (
                completedAction
              ) : jobId ? (
                <Link
                  to={paths.video(jobId)}
                  state={{
                    videoUrl: job?.videoUrl ?? undefined,
                    subtitleUrl: job?.subtitleUrl ?? undefined,
                    previousPage,
                  }}
                  className="btn btn--primary"
                >
                  <Icon name="play" /> Watch now
                </Link>
              ) : null
            }
            again="Create another"
            onAgain={onCreateAnother}
          />
        ) : null}

        {phase === 'cancelled' ? <Outcome text={step} testId="cancelled-refund" again="Start again" onAgain={onTryAgain} /> : null}

        {phase === 'failed' ? (
          <Outcome
            text={error}
            failed
            action={
              needsCredits ? (
                <Link to={buyCreditsPath} className="btn btn--accent">
                  Buy Credits
                </Link>
              ) : null
            }
            again="Try again"
            onAgain={onTryAgain}
          />
        ) : null}
      </div>
    </section>
  );
}
