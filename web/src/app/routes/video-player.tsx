import { Link, useLocation, useParams } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { Icon } from '@/components/ui/icon';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function VideoPlayerRoute() {
  const { videoId } = useParams();
  // SPEC 2.3: title and the page to go back to arrive through navigation state.
  const state = useLocation().state as { title?: unknown; previousPage?: unknown } | null;
  const title = typeof state?.title === 'string' ? state.title : 'Video';
  const back = typeof state?.previousPage === 'string' && state.previousPage.startsWith('/') ? state.previousPage : paths.home;
  useDocumentTitle(title);
  const hasId = videoId !== undefined && videoId !== 'view';
  return (
    <div className="container page">
      <Link to={back} className="back-link">
        <Icon name="arrow-left" /> Back
      </Link>
      <PageHeader title={title} />
      <ComingSoon
        icon="play"
        title="The video player is coming soon"
        description={
          hasId
            ? `Video ${videoId} will play here with subtitles, chapters, a clickable transcript and playback speed.`
            : 'Videos will play here with subtitles, chapters, a clickable transcript and playback speed.'
        }
      />
    </div>
  );
}
