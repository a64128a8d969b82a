import { useRef, useState, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon, type IconName } from '@/components/ui/icon';
import { ProgressBar } from '@/components/ui/progress-bar';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { levelLabel } from '@/lib/levels';
import { creditCount, finishedText } from '@/lib/queue-job';
import { ellipsize } from '@/lib/text';
import type { QueueJob, QueueJobType } from '@/types/queue';
import { canCancel, canRemove, isActive, isTempId, stateLabels } from '@/features/queue/lib/queue-rules';

/** The id of the queue's button in the navigation (QueueToggle). */
export const QUEUE_TOGGLE_ID = 'generation-queue-toggle';

const typeIcons: Record<QueueJobType, IconName> = {
  video: 'video',
  problem: 'sigma',
  course: 'layers',
  course_video: 'play',
  revision: 'video',
};

function metaLine(job: QueueJob): string {
  const parts: string[] = [];
  if (job.type === 'course_video' && job.metadata.lessonIndex !== undefined) parts.push(`Lesson ${job.metadata.lessonIndex + 1}`);
  if (job.metadata.duration) parts.push(`${job.metadata.duration} min`);
  if (job.metadata.level) parts.push(levelLabel(job.metadata.level));
  if (job.metadata.credits !== undefined) parts.push(`${job.metadata.credits} ${job.metadata.credits === 1 ? 'credit' : 'credits'}`);
  return parts.join(' · ');
}

type QueueItemProps = { job: QueueJob; onCancel: (id: string) => void; onRemove: (id: string) => void };

export function QueueItem({ job, onCancel, onRemove }: QueueItemProps) {
  const location = useLocation();
  const active = isActive(job.state);
  const titleId = `queue-job-${job.id}`;
  // Cancelling is asked twice (issue 19): the first click says what a cancel does.
  const [confirming, setConfirming] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);
  /** Opens or closes the question, then moves the focus to the button that now stands in its place. */
  const confirm = (open: boolean, next: RefObject<HTMLButtonElement | null>) => () => {
    setConfirming(open);
    requestAnimationFrame(() => next.current?.focus());
  };
  const label = ellipsize(job.title, 80);
  const credits = job.metadata.credits;
  const refundNote =
    credits === undefined ? 'Any credits it used are refunded.' : credits > 0 ? `Its ${creditCount(credits)} will be refunded.` : 'Nothing was charged for it.';
  return (
    <li className={`queue-item queue-item--${job.state}`} aria-labelledby={titleId} data-testid="queue-item">
      <div className="queue-item__top">
        <span className="queue-item__type">
          <Icon name={typeIcons[job.type]} />
        </span>
        {/* The title over its type and time: one statement, not a bold paragraph heading another. */}
        <p className="queue-item__body">
          <span className="queue-item__title" id={titleId} title={job.title}>
            {job.title}
          </span>
          <span className="queue-item__meta">{metaLine(job)}</span>
        </p>
        <StatusBadge
          block="queue-badge"
          tone={job.state}
          // A queued job waits in grey here: only the running one is in the brand colour.
          color={job.state === 'queued' ? 'neutral' : undefined}
          label={stateLabels[job.state]}
          live={active}
          testId="queue-item-state"
        />
      </div>

      {active ? (
        <div className="queue-item__progress">
          <ProgressBar
            className="progress queue-progress"
            fillClassName="progress__fill"
            label={`Progress of ${label}`}
            value={job.progress}
            minPercent={3}
          />
          <p className="queue-item__step">
            <span>{isTempId(job.id) ? 'Starting…' : job.currentStep}</span>
            <span className="queue-item__percent">{job.progress}%</span>
          </p>
        </div>
      ) : null}

      {job.state === 'failed' ? <p className="queue-item__error">{job.error || 'Generation failed'}</p> : null}
      {job.state === 'completed' || job.state === 'cancelled' ? (
        <p className={`queue-item__outcome queue-item__outcome--${job.state}`} data-testid="queue-item-outcome">
          {finishedText(job)}
        </p>
      ) : null}

      {active && confirming ? (
        <div className="queue-item__confirm" role="group" aria-label={`Cancel ${label}?`}>
          <p>Cancel this job? {refundNote}</p>
          <div className="queue-item__actions">
            <button ref={keepRef} type="button" className="btn btn--ghost btn--sm" onClick={confirm(false, cancelRef)}>
              Keep it
            </button>
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => {
                setConfirming(false);
                onCancel(job.id);
                // The panel may fold once nothing runs: then its button takes the focus.
                requestAnimationFrame(() => (removeRef.current ?? document.getElementById(QUEUE_TOGGLE_ID))?.focus());
              }}
            >
              Yes, cancel
            </button>
          </div>
        </div>
      ) : null}

      <div className="queue-item__actions" hidden={confirming && active}>
        {job.state === 'completed' && job.type === 'course' ? (
          job.metadata.courseId ? (
            <Link to={paths.courseDetail(job.metadata.courseId)} className="btn btn--primary btn--sm">
              <Icon name="layers" /> Open course
            </Link>
          ) : null
        ) : job.state === 'completed' ? (
          <Link
            to={paths.video(job.id)}
            state={{ previousPage: `${location.pathname}${location.search}` }}
            className="btn btn--primary btn--sm"
          >
            <Icon name="play" /> Watch
          </Link>
        ) : null}
        {active ? (
          <button
            ref={cancelRef}
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={confirm(true, keepRef)}
            disabled={!canCancel(job)}
            aria-label={`Cancel ${label}`}
          >
            Cancel
          </button>
        ) : null}
        {canRemove(job) ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            ref={removeRef}
            onClick={() => onRemove(job.id)}
            aria-label={`Remove ${label} from the queue`}
          >
            Remove
          </button>
        ) : null}
      </div>
    </li>
  );
}
