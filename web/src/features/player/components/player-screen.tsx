import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { SolutionAnswer } from '@/components/solution/solution-answer';
import { Icon } from '@/components/ui/icon';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { playerJobQueryOptions } from '@/features/player/api/get-player-job';
import type { VideoProgress } from '@/features/player/api/progress';
import { VideoPlayer } from '@/features/player/components/video-player';
import { resolvePlayerSource, type PlayerNavigationState, type StoredVideo } from '@/features/player/lib/player-source';
import '@/features/player/components/player.css';

type PlayerScreenProps = {
  /** The job id; 'view' or undefined when the player was opened without one. */
  videoId: string | undefined;
  state: PlayerNavigationState;
  homePath: string;
  onTitle?: (title: string) => void;
  /** The library's record of this video (title, description), read by the route. */
  stored?: StoredVideo;
  /** The route is still asking the library: the title waits rather than changing under the reader. */
  storedPending?: boolean;
  /** Where the owner fixes the finished video (issue 16's editor); null: not theirs to edit. */
  editPath?: string | null;
  /** Beside the title once it is known (the owner's Embed button on a published video). */
  actions?: ReactNode;
  /** Shown under a playable video, after a solution's answer (the video's versions). */
  extras?: ReactNode;
  /** Shown above the video (that this address plays an earlier version). */
  notice?: ReactNode;
  /** The video is the signed-in learner's own: their progress is reported and resumed (issue 17). */
  tracksProgress?: boolean;
  onProgressSaved?: (progress: VideoProgress) => void;
};

/** SPEC 2.3's player: navigation state first, else the job status, with its processing fallbacks. */
export function PlayerScreen({
  videoId,
  state,
  homePath,
  onTitle,
  stored,
  storedPending = false,
  editPath = null,
  actions,
  extras,
  notice,
  tracksProgress = false,
  onProgressSaved,
}: PlayerScreenProps) {
  const hasId = videoId !== undefined && videoId !== 'view';
  const [stateVideoFailed, setStateVideoFailed] = useState(false);
  const job = useQuery({ ...playerJobQueryOptions(videoId ?? ''), enabled: hasId });

  useEffect(() => {
    // SPEC 8: a failed job fetch is only logged.
    if (job.error) console.error(`Loading job ${videoId} for the player failed`, job.error);
  }, [job.error, videoId]);

  const resolved = hasId
    ? resolvePlayerSource(videoId, state, job.data, { jobFailedToLoad: job.isError, ignoreStateVideo: stateVideoFailed, stored })
    : resolvePlayerSource('', state, undefined, { jobFailedToLoad: true });
  // Every status answer carries a fresh media token; keep the first URLs so a refetch does not restart playback.
  const pinned = useRef<{ from: string; videoUrl: string; subtitleUrl: string } | null>(null);
  const from = state.videoUrl && !stateVideoFailed ? 'state' : 'status';
  if (resolved.kind === 'playable' && pinned.current?.from !== from) {
    pinned.current = { from, videoUrl: resolved.videoUrl, subtitleUrl: resolved.subtitleUrl };
  }
  const source = resolved.kind === 'playable' && pinned.current ? { ...resolved, ...pinned.current } : resolved;

  // Until the library answers, a title could change under the reader: wait for the stored one.
  const titlePending = storedPending && hasId;
  // The printable study sheet (PDF) of a finished video, opened in a tab of its own.
  const studySheetUrl = source.kind === 'playable' ? (job.data?.study_sheet_url ?? null) : null;
  useEffect(() => {
    if (!titlePending) onTitle?.(source.title);
  }, [onTitle, source.title, titlePending]);

  const back = state.previousPage ?? homePath;

  return (
    <div className="container page player-page">
      <Link to={back} className="back-link">
        <Icon name="arrow-left" /> Back
      </Link>
      <header className="player-page__header">
        {source.kind === 'loading' || (titlePending && source.kind === 'playable') ? (
          <>
            <h1 className="player-page__title" aria-busy="true">
              {titlePending ? <span className="skeleton skeleton--text" aria-hidden="true" /> : source.title}
              {titlePending ? <span className="visually-hidden">Loading the title</span> : null}
            </h1>
            <span className="skeleton skeleton--text" aria-hidden="true" />
          </>
        ) : (
          <>
            <div className="player-page__heading">
              <h1 className="player-page__title">{source.title}</h1>
              {(editPath && source.kind === 'playable' && job.data?.status === 'completed') || actions || studySheetUrl ? (
                <div className="player-page__actions">
                  {actions}
                  {studySheetUrl ? (
                    <a className="btn btn--secondary btn--sm" href={studySheetUrl} target="_blank" rel="noopener">
                      <Icon name="book" /> Study sheet (PDF)
                    </a>
                  ) : null}
                  {editPath && source.kind === 'playable' && job.data?.status === 'completed' ? (
                    <Link to={editPath} className="btn btn--secondary btn--sm">
                      <Icon name="pencil" /> Edit
                    </Link>
                  ) : null}
                </div>
              ) : null}
            </div>
            {source.description && source.description.trim() !== source.title.trim() ? (
              <p className="player-page__description">{source.description}</p>
            ) : null}
          </>
        )}
      </header>
      {notice}

      {source.kind === 'playable' ? (
        <VideoPlayer
          key={source.videoUrl}
          videoId={videoId ?? ''}
          videoUrl={source.videoUrl}
          subtitleUrl={source.subtitleUrl}
          chaptersUrl={job.data?.chapters_url ?? null}
          transcriptUrl={job.data?.transcript_url ?? null}
          tracksPending={hasId && job.isPending}
          title={source.title}
          onMediaError={state.videoUrl && !stateVideoFailed ? () => setStateVideoFailed(true) : undefined}
          progressId={tracksProgress && hasId ? videoId : null}
          onProgressSaved={onProgressSaved}
          belowVideo={
            <>
              {job.data?.solution ? (
                <section className="player-page__solution" aria-label="Solution">
                  <SolutionAnswer solution={job.data.solution} showSteps />
                </section>
              ) : null}
              {extras}
            </>
          }
        />
      ) : (
        <div className="player__frame player__frame--waiting" aria-busy={source.kind === 'loading'}>
          {source.kind === 'loading' ? (
            <span className="spinner player__spinner" role="status" aria-label="Loading the video" />
          ) : source.error ? (
            <div className="player__waiting">
              <Icon name="alert" className="player__waiting-icon player__waiting-icon--error" />
              <strong className="player__waiting-title">This video could not be generated</strong>
              <p className="player__waiting-text">{source.error}</p>
              <Link to={paths.createLesson} className="btn btn--light btn--sm">
                Create a new video
              </Link>
            </div>
          ) : (
            <div className="player__waiting">
              {source.status === 'queued' || source.status === 'processing' ? (
                <span className="spinner player__spinner" aria-hidden="true" />
              ) : (
                <Icon name="clock" className="player__waiting-icon" />
              )}
              {/* The frame's message, stressed; a big bold <p> over the smaller one reads as a
                  heading made of a paragraph (axe's p-as-heading). */}
              <strong className="player__waiting-title">
                {source.status === 'queued' || source.status === 'processing'
                  ? 'Your video is being made'
                  : 'This video is not available to play'}
              </strong>
              {source.progress !== null && (source.status === 'queued' || source.status === 'processing') ? (
                <ProgressBar
                  className="progress player__progress"
                  fillClassName="progress__fill"
                  label="Generation progress"
                  value={source.progress}
                  minPercent={2}
                />
              ) : null}
              {job.data?.current_step && (source.status === 'queued' || source.status === 'processing') ? (
                <p className="player__waiting-step">{job.data.current_step}</p>
              ) : null}
              <p className="player__waiting-text">
                {source.status === 'queued' || source.status === 'processing'
                  ? 'This page updates by itself and starts the video when it is ready.'
                  : 'Open it again from your library or the AI Generation Queue.'}
              </p>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
