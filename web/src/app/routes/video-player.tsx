import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { PlayerScreen } from '@/features/player/components/player-screen';
import { readNavigationState } from '@/features/player/lib/player-source';

export function VideoPlayerRoute() {
  const { videoId } = useParams();
  // SPEC 2.3: video URL, subtitle URL, title, description and the page to go back to arrive through navigation state.
  const state = readNavigationState(useLocation().state);
  const [title, setTitle] = useState(state.title ?? 'Video');
  useDocumentTitle(title);
  return <PlayerScreen key={videoId} videoId={videoId} state={state} homePath={paths.home} onTitle={setTitle} />;
}
