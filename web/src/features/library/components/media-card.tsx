import { Link, useLocation } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { MediaThumbnail } from '@/features/library/components/media-thumbnail';
import type { MediaItem } from '@/features/library/api/get-user-library';

const levelNames: Record<number, string> = { 1: 'Beginner', 2: 'Intermediate', 3: 'Advanced' };
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function statusBadge(status: string): { label: string; tone: string } {
  switch (status) {
    case 'completed':
      return { label: 'Ready', tone: 'completed' };
    case 'failed':
      return { label: 'Failed', tone: 'failed' };
    case 'queued':
      return { label: 'Queued', tone: 'queued' };
    case 'cancelled':
      return { label: 'Cancelled', tone: 'cancelled' };
    default:
      return { label: 'Processing', tone: 'processing' };
  }
}

function formatDate(value: string): string | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

export function MediaCard({ item }: { item: MediaItem }) {
  const location = useLocation();
  const badge = statusBadge(item.status);
  const videoId = item.job_id || item.id;
  const meta = [
    item.level ? levelNames[item.level] : null,
    formatDate(item.created_at),
  ].filter(Boolean);
  return (
    <li className="media-card" data-testid="media-card">
      <Link
        to={paths.video(videoId)}
        state={{ title: item.title, description: item.description ?? undefined, previousPage: location.pathname }}
        className="media-card__link"
      >
        <div className="media-card__media">
          <MediaThumbnail item={item} />
          <span className={`media-badge media-badge--${badge.tone}`}>{badge.label}</span>
          {item.duration_minutes ? <span className="media-card__duration">{item.duration_minutes} min</span> : null}
          <span className="media-card__play" aria-hidden="true">
            <Icon name="play" />
          </span>
        </div>
        <div className="media-card__body">
          <h3 className="media-card__title">{item.title}</h3>
          {item.topic && item.topic !== item.title ? <p className="media-card__topic">{item.topic}</p> : null}
          <p className="media-card__meta">{meta.join(' · ')}</p>
        </div>
      </Link>
    </li>
  );
}
