import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import type { Revisions } from '@/features/editor/api/contract';

type OldVersionNoticeProps = {
  /** The id in the address: a video's or one of its versions' job. */
  videoId: string;
  revisions: Revisions | undefined;
};

/**
 * Issue 54: an earlier version's address plays that version; the page says so, with the way
 * to the version the video shows now. Nothing when the address is the current one's.
 */
export function OldVersionNotice({ videoId, revisions }: OldVersionNoticeProps) {
  const list = revisions?.revisions ?? [];
  const played = list.find((r) => r.job_id === videoId);
  const current = list.find((r) => r.current);
  if (!played || !current || played.current) return null;
  return (
    <p className="alert player-page__old-version" data-testid="old-version">
      <Icon name="info" className="alert__icon" />
      <span>
        This is version {played.number} of this video, not the current one (version {current.number}).{' '}
        <Link to={paths.video(current.job_id)}>Watch the current version</Link>
      </span>
    </p>
  );
}
