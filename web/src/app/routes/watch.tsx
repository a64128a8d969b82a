import { useParams } from 'react-router';
import { useReportedTitle } from '@/hooks/use-document-title';
import { PublicVideoPlayer } from '@/features/player/components/public-video-player';

/** /watch/{id}: a published video on its own page, for anyone (where an embed's "Watch on Lectern" leads). */
export function WatchRoute() {
  const { videoId = '' } = useParams();
  const onTitle = useReportedTitle('Video');
  return (
    <div className="container page player-page">
      <PublicVideoPlayer key={videoId} videoId={videoId} onTitle={onTitle} />
    </div>
  );
}
