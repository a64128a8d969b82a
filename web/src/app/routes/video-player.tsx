import { Link, useParams } from 'react-router';
import { ComingSoon } from '@/components/ui/coming-soon';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function VideoPlayerRoute() {
  const { videoId } = useParams();
  useDocumentTitle('Video');
  const hasId = videoId !== undefined && videoId !== 'view';
  return (
    <div className="container page">
      <Link to={paths.home} className="back-link">
        <Icon name="arrow-left" /> Back
      </Link>
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
