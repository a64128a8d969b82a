import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LogoMark } from '@/components/ui/logo';
import { PublicLoadState } from '@/components/ui/public-load-state';
import { paths } from '@/config/paths';
import { publicVideoQueryOptions } from '@/features/player/api/get-public-video';
import { VideoPlayer } from '@/features/player/components/video-player';
import '@/features/player/components/public-video.css';

type PublicVideoPlayerProps = {
  /** The published video's id or its job's. */
  videoId: string;
  /** In another site's frame (issue 17's embeds): the compact player and a link to Lectern. */
  embedded?: boolean;
  /** The title's heading level: h2 under a course's title. */
  titleAs?: 'h1' | 'h2';
  onTitle?: (title: string) => void;
};

/**
 * A published video for anyone (GET /api/public/videos/{id}): its title, the player with
 * captions, chapters and checkpoint questions; nothing is reported, the viewer may be anonymous.
 */
export function PublicVideoPlayer({ videoId, embedded = false, titleAs: Title = 'h1', onTitle }: PublicVideoPlayerProps) {
  const video = useQuery(publicVideoQueryOptions(videoId));
  const title = video.data?.title;

  useEffect(() => {
    if (title) onTitle?.(title);
  }, [title, onTitle]);

  if (video.isPending || video.isError) {
    return <PublicLoadState noun="video" error={video.error} onRetry={() => void video.refetch()} titleAs={Title} />;
  }

  const { data } = video;
  const id = data.job_id || data.id;
  return (
    <div className={embedded ? 'public-video public-video--embedded' : 'public-video'}>
      <header className="public-video__bar">
        <Title className="public-video__title">{data.title}</Title>
        {embedded ? (
          <a className="public-video__watch" href={`${window.location.origin}${paths.watch(id)}`} target="_blank" rel="noopener">
            <LogoMark size={18} /> Watch on Lectern
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null}
      </header>
      <VideoPlayer
        key={data.video_url}
        videoId={id}
        videoUrl={data.video_url}
        subtitleUrl={data.subtitle_url}
        chaptersUrl={data.chapters_url || null}
        transcriptUrl={data.transcript_url || null}
        title={data.title}
        variant={embedded ? 'compact' : 'full'}
      />
    </div>
  );
}
