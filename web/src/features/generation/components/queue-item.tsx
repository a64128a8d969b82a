import { Link, useLocation } from 'react-router';
import { Icon, type IconName } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import {
  canCancel,
  canRemove,
  isActive,
  isTempId,
  stateLabels,
  type QueueJob,
  type QueueJobType,
} from '@/features/generation/lib/queue-rules';
import { levelLabel } from '@/features/generation/lib/video-request';

const typeIcons: Record<QueueJobType, IconName> = {
  video: 'video',
  problem: 'sigma',
  course: 'layers',
  course_video: 'play',
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
  return (
    <li className={`queue-item queue-item--${job.state}`} aria-labelledby={titleId} data-testid="queue-item">
      <div className="queue-item__top">
        <span className="queue-item__type">
          <Icon name={typeIcons[job.type]} />
        </span>
        <div className="queue-item__body">
          <p className="queue-item__title" id={titleId} title={job.title}>
            {job.title}
          </p>
          <p className="queue-item__meta">{metaLine(job)}</p>
        </div>
        <span className={`queue-badge queue-badge--${job.state}`} data-testid="queue-item-state">
          {active ? <span className="queue-badge__dot" aria-hidden="true" /> : null}
          {stateLabels[job.state]}
        </span>
      </div>

      {active ? (
        <div className="queue-item__progress">
          <div
            className="queue-progress"
            role="progressbar"
            aria-label={`Progress of ${job.title}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={job.progress}
          >
            <div className="queue-progress__bar" style={{ width: `${Math.max(job.progress, 3)}%` }} />
          </div>
          <p className="queue-item__step">
            <span>{isTempId(job.id) ? 'Starting…' : job.currentStep}</span>
            <span className="queue-item__percent">{job.progress}%</span>
          </p>
        </div>
      ) : null}

      {job.state === 'failed' ? <p className="queue-item__error">{job.error || 'Generation failed'}</p> : null}

      <div className="queue-item__actions">
        {job.state === 'completed' && job.type === 'course' ? (
          job.metadata.courseId ? (
            <Link to={paths.courseDetail(job.metadata.courseId)} className="btn btn--primary btn--sm">
              <Icon name="layers" /> Open course
            </Link>
          ) : null
        ) : job.state === 'completed' ? (
          <Link
            to={paths.video(job.id)}
            state={{ title: job.smartTitle || job.title, previousPage: `${location.pathname}${location.search}` }}
            className="btn btn--primary btn--sm"
          >
            <Icon name="play" /> Watch
          </Link>
        ) : null}
        {active ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => onCancel(job.id)}
            disabled={!canCancel(job)}
            aria-label={`Cancel ${job.title}`}
          >
            Cancel
          </button>
        ) : null}
        {canRemove(job) ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => onRemove(job.id)}
            aria-label={`Remove ${job.title} from the queue`}
          >
            Remove
          </button>
        ) : null}
      </div>
    </li>
  );
}
