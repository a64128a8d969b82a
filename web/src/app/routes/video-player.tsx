import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { libraryVideoQueryOptions } from '@/features/library/api/get-library-video';
import { PlayerScreen } from '@/features/player/components/player-screen';
import { readNavigationState, type StoredVideo } from '@/features/player/lib/player-source';

export function VideoPlayerRoute() {
  const { videoId } = useParams();
  const { user } = useAuth();
  // SPEC 2.3: video URL, subtitle URL, title, description and the page to go back to arrive through navigation state.
  const state = readNavigationState(useLocation().state);
  const hasId = videoId !== undefined && videoId !== 'view';
  // Issue 19: the title and description are the library's, whichever screen opened the player.
  const record = useQuery({
    ...libraryVideoQueryOptions(user?.uid ?? '', videoId ?? ''),
    enabled: Boolean(user?.uid) && hasId,
  });
  const stored: StoredVideo = record.data
    ? { title: record.data.title, description: record.data.description ?? null }
    : record.isError
      ? null
      : record.data;
  const [title, setTitle] = useState(state.title ?? 'Video');
  useDocumentTitle(title);
  return (
    <PlayerScreen
      key={videoId}
      videoId={videoId}
      state={state}
      homePath={paths.home}
      onTitle={setTitle}
      stored={stored}
      storedPending={record.isPending && Boolean(user?.uid) && hasId}
    />
  );
}
