import { useState } from 'react';
import { useParams } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { PublicVideoPlayer } from '@/features/player/components/public-video-player';

/** /watch/{id}: a published video on its own page, for anyone (where an embed's "Watch on Lectern" leads). */
export function WatchRoute() {
  const { videoId = '' } = useParams();
  const [title, setTitle] = useState('Video');
  useDocumentTitle(title);
  return (
    <div className="container page player-page">
      <PublicVideoPlayer key={videoId} videoId={videoId} onTitle={setTitle} />
    </div>
  );
}
