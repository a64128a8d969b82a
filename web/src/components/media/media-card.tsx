import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { stateTone, type Tone } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { MediaThumbnail } from '@/components/media/media-thumbnail';
import type { CourseItem, MediaItem } from '@/types/library';
import '@/components/media/media.css';

const levelNames: Record<number, string> = { 1: 'Beginner', 2: 'Intermediate', 3: 'Advanced' };
const typeNames: Record<string, string> = { educational: 'Lesson', problem_solving: 'Solution', course_lesson: 'Course lesson' };
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** An item's state as its chip, in the colours of its state; any state not named is still processing. */
export function statusBadge(status: string): { label: string; tone: Tone } {
  switch (status) {
    case 'completed':
      return { label: 'Ready', tone: stateTone(status) };
    case 'failed':
      return { label: 'Failed', tone: stateTone(status) };
    case 'queued':
      return { label: 'Queued', tone: stateTone(status) };
    case 'cancelled':
      return { label: 'Cancelled', tone: stateTone(status) };
    default:
      return { label: 'Processing', tone: stateTone('processing') };
  }
}

function formatDate(value: string): string | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

/** The chip of a published item. */
function PublicBadge() {
  return (
    <span className="media-badge media-badge--public" title="Listed in Explore">
      <Icon name="globe" /> Public
    </span>
  );
}

type CardShellProps = {
  media: ReactNode;
  /** Status and visibility chips, under the title: a thumbnail carries its own labels (issue 19). */
  badges?: ReactNode;
  title: string;
  subtitle?: string | null;
  meta: string[];
  /** A link target, or a handler when the card opens something in place (a dialog). */
  to?: { pathname: string; state?: unknown };
  onOpen?: () => void;
  /** What opening does ("Play", "Open"): said first, before the card's visible text, which names it. */
  verb: string;
  actions?: ReactNode;
  testId: string;
};

function CardShell({ media, badges, title, subtitle, meta, to, onOpen, verb, actions, testId }: CardShellProps) {
  // No aria-label: the name is the verb plus everything the card shows (WCAG 2.5.3, label in name).
  const body = (
    <>
      <span className="visually-hidden">{verb} </span>
      <div className="media-card__media">{media}</div>
      <div className="media-card__body">
        <h3 className="media-card__title" title={title}>
          {title}
        </h3>
        {subtitle ? (
          <p className="media-card__topic" title={subtitle}>
            {subtitle}
          </p>
        ) : null}
        <p className="media-card__meta">
          {badges}
          <span>{meta.join(' · ')}</span>
        </p>
      </div>
    </>
  );
  return (
    <li className="media-card" data-testid={testId}>
      {onOpen ? (
        <button type="button" className="media-card__link" onClick={onOpen}>
          {body}
        </button>
      ) : to ? (
        <Link to={to.pathname} state={to.state} className="media-card__link">
          {body}
        </Link>
      ) : (
        <div className="media-card__link">{body}</div>
      )}
      {actions ? <div className="media-card__actions">{actions}</div> : null}
    </li>
  );
}

type MediaCardProps = {
  item: MediaItem;
  /** Opens the item in place instead of going to the player page. */
  onOpen?: () => void;
  actions?: ReactNode;
  showType?: boolean;
  /** Shown in the public catalogue: no owner's chips (its state, that it is published). */
  catalogue?: boolean;
};

/** A lesson or solution: thumbnail, status, length, level and date; opens the player. */
export function MediaCard({ item, onOpen, actions, showType = false, catalogue = false }: MediaCardProps) {
  const location = useLocation();
  const badge = statusBadge(item.status);
  const videoId = item.job_id || item.id;
  const meta = [
    showType ? typeNames[item.video_type] : null,
    // A solution's form asks for a detail, not a level: naming one would invent a choice.
    item.level && item.video_type !== 'problem_solving' ? levelNames[item.level] : null,
    formatDate(item.created_at),
    item.duration_minutes ? `${item.duration_minutes} min` : null,
  ].filter((m): m is string => Boolean(m));
  return (
    <CardShell
      testId="media-card"
      verb="Play"
      title={item.title}
      subtitle={item.topic && item.topic !== item.title ? item.topic : null}
      meta={meta}
      onOpen={onOpen}
      to={{
        pathname: paths.video(videoId),
        state: {
          title: item.title,
          description: item.description ?? undefined,
          previousPage: `${location.pathname}${location.search}`,
        },
      }}
      actions={actions}
      badges={
        <>
          {catalogue ? null : <span className={`media-badge tone--${badge.tone}`}>{badge.label}</span>}
          {item.offline_draft ? (
            <span className="media-badge tone--warning" title="Written by the offline writer, not a language model">
              Offline draft
            </span>
          ) : null}
          {item.is_public && !catalogue ? <PublicBadge /> : null}
        </>
      }
      media={
        <>
          <MediaThumbnail item={item} variant={item.video_type} />
          <span className="media-card__play" aria-hidden="true">
            <Icon name="play" />
          </span>
        </>
      }
    />
  );
}

/** A course: its cover, how many lessons, and the course detail page (SPEC 2.1 passes the course in state). */
export function CourseCard({
  item,
  actions,
  onOpen,
  catalogue = false,
}: {
  item: CourseItem;
  actions?: ReactNode;
  onOpen?: () => void;
  /** Shown in the public catalogue: no owner's chip (that it is published). */
  catalogue?: boolean;
}) {
  const lessons = item.lesson_count ?? 0;
  const meta = [`${lessons} ${lessons === 1 ? 'lesson' : 'lessons'}`, formatDate(item.created_at)].filter(
    (m): m is string => Boolean(m),
  );
  return (
    <CardShell
      testId="course-card"
      verb="Open"
      title={item.title}
      subtitle={item.goal && item.goal !== item.title ? item.goal : item.description}
      meta={meta}
      to={{ pathname: paths.courseDetail(item.id), state: { course: item } }}
      onOpen={onOpen}
      actions={actions}
      badges={
        <>
          <span className="media-badge media-badge--course tone--neutral">Course</span>
          {item.is_public && !catalogue ? <PublicBadge /> : null}
        </>
      }
      media={<MediaThumbnail item={item} variant="course" />}
    />
  );
}

/** The grid the cards sit in. */
export function MediaGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className="media-grid" aria-label={label}>
      {children}
    </ul>
  );
}
