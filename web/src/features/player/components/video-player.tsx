import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Icon } from '@/components/ui/icon';
import { chaptersQueryOptions, transcriptQueryOptions } from '@/features/player/api/get-media-tracks';
import type { VideoProgress } from '@/features/player/api/progress';
import { CheckpointMarks } from '@/features/player/components/checkpoint-marks';
import { CheckpointPanel } from '@/features/player/components/checkpoint-panel';
import { CueCitations } from '@/features/player/components/cue-citations';
import { CueList } from '@/features/player/components/cue-list';
import { useCheckpoints } from '@/features/player/hooks/use-checkpoints';
import { useProgressReport } from '@/features/player/hooks/use-progress-report';
import { chapterOf, type Checkpoint } from '@/features/player/lib/checkpoints';
import { numberCitations } from '@/features/player/lib/citations';
import { mediaSrc, withParam } from '@/features/player/lib/player-source';
import { formatClock } from '@/features/player/lib/webvtt';
import '@/features/player/components/player.css';

export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

const NO_CHECKPOINTS: Checkpoint[] = [];

type VideoPlayerProps = {
  videoId: string;
  videoUrl: string;
  subtitleUrl: string;
  chaptersUrl: string | null;
  transcriptUrl: string | null;
  title: string;
  /** The job status (which names the chapters and transcript) has not arrived yet. */
  tracksPending?: boolean;
  /** The media token of a URL from navigation state may have expired: ask for fresh ones. */
  onMediaError?: () => void;
  /** Shown right under the video, before the chapters and transcript on a narrow screen (a solution's answer). */
  belowVideo?: ReactNode;
  /** The id under which the signed-in owner's progress is reported and resumed; null (a visitor's player): none. */
  progressId?: string | null;
  onProgressSaved?: (progress: VideoProgress) => void;
  /** 'compact' (an embed's player): no toolbar or transcript, the chapters and their questions under the video. */
  variant?: 'full' | 'compact';
};

function DownloadIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </svg>
  );
}

/**
 * The video with subtitles on by default, playback speed, downloads, chapters and a seeking
 * transcript, and its checkpoint questions (issue 17), marked in the chapters.
 */
export function VideoPlayer({
  videoId,
  videoUrl,
  subtitleUrl,
  chaptersUrl,
  transcriptUrl,
  title,
  tracksPending = false,
  onMediaError,
  belowVideo,
  progressId = null,
  onProgressSaved,
  variant = 'full',
}: VideoPlayerProps) {
  const compact = variant === 'compact';
  const videoRef = useRef<HTMLVideoElement>(null);
  const [time, setTime] = useState(0);
  const [rate, setRate] = useState(1);
  const [subtitlesOn, setSubtitlesOn] = useState(true);
  const ids = useId();

  const chapters = useQuery(chaptersQueryOptions(videoId, chaptersUrl));
  const transcript = useQuery(transcriptQueryOptions(videoId, transcriptUrl));
  const { resumeAt, dismissResume, savedAnswers, reportAnswers } = useProgressReport(videoRef, progressId, {
    onSaved: onProgressSaved,
  });
  const checkpoints = transcript.data?.checkpoints ?? NO_CHECKPOINTS;
  const quiz = useCheckpoints(videoRef, checkpoints, { saved: savedAnswers, onAnswered: reportAnswers });

  useEffect(() => {
    if (videoRef.current) videoRef.current.playbackRate = rate;
  }, [rate, videoUrl]);

  const applySubtitleMode = (on: boolean) => {
    const tracks = videoRef.current?.textTracks;
    if (!tracks) return;
    for (let i = 0; i < tracks.length; i += 1) {
      const track = tracks[i];
      if (track && (track.kind === 'subtitles' || track.kind === 'captions')) track.mode = on ? 'showing' : 'hidden';
    }
  };

  useEffect(() => applySubtitleMode(subtitlesOn), [subtitlesOn]);

  const seek = (seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    // Going elsewhere in the video puts an open question away; it is asked when reached again.
    quiz.dismiss();
    video.currentTime = seconds;
    setTime(seconds);
    if (video.paused) void video.play()?.catch(() => undefined);
  };

  const chapterCues = chapters.data ?? [];
  const transcriptCues = transcript.data?.cues ?? [];
  // Issue 50: a video written from the learner's documents cites a passage after each sentence.
  const citations = useMemo(
    () => numberCitations(transcript.data?.cues.map((c) => c.cites) ?? [], transcript.data?.documents ?? []),
    [transcript.data],
  );
  const cited = citations.some((c) => c.length > 0);
  const marks = (of: readonly Checkpoint[]) => (
    <CheckpointMarks checkpoints={of} results={quiz.results} onOpen={quiz.goTo} />
  );
  const marksOfChapter = (index: number) => marks(checkpoints.filter((c) => chapterOf(chapterCues, c) === index));

  return (
    <div className={compact ? 'player player--compact' : 'player'}>
      <div className="player__main">
        <div className="player__stage">
          {resumeAt !== null ? (
            // Offered, never forced: the video stays where it is until the learner asks. Above the
            // picture, not on it (issue 54: it sat on the video's title).
            <button
              type="button"
              className="btn btn--secondary btn--sm player__resume"
              onClick={() => {
                dismissResume();
                seek(resumeAt);
                videoRef.current?.focus();
              }}
            >
              <Icon name="play" /> Resume at {formatClock(resumeAt)}
            </button>
          ) : null}
          <div className="player__frame">
            <video
              ref={videoRef}
              className="player__video"
              src={mediaSrc(videoUrl)}
              controls
              playsInline
              preload="metadata"
              aria-label={title}
              data-testid="video"
              // Focusable where the browser would not make it so by itself: focus comes back here when a question closes.
              tabIndex={0}
              onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
              onSeeked={(e) => setTime(e.currentTarget.currentTime)}
              onLoadedMetadata={(e) => {
                e.currentTarget.playbackRate = rate;
                applySubtitleMode(subtitlesOn);
              }}
              onRateChange={(e) => setRate(e.currentTarget.playbackRate)}
              onError={() => onMediaError?.()}
            >
              <track kind="subtitles" src={mediaSrc(subtitleUrl)} srcLang="en" label="English" default />
            </video>
          </div>
          {quiz.open ? (
            <CheckpointPanel
              key={quiz.open.key}
              checkpoint={quiz.open.checkpoint}
              total={checkpoints.length}
              onAnswer={quiz.answer}
              onSkip={quiz.skip}
              onContinue={quiz.proceed}
              onRewatch={quiz.rewatch}
            />
          ) : null}
        </div>

        {compact ? null : (
          <div className="player__toolbar" role="group" aria-label="Playback options">
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              aria-pressed={subtitlesOn}
              onClick={() => setSubtitlesOn((on) => !on)}
            >
              <Icon name="captions" /> Subtitles {subtitlesOn ? 'on' : 'off'}
            </button>
            <label className="player__speed" htmlFor={`${ids}-speed`}>
              <span>Speed</span>
              <select id={`${ids}-speed`} value={rate} onChange={(e) => setRate(Number(e.target.value))}>
                {PLAYBACK_RATES.map((r) => (
                  <option key={r} value={r}>
                    {r}×
                  </option>
                ))}
              </select>
            </label>
            <span className="player__spacer" />
            <a className="btn btn--secondary btn--sm" href={mediaSrc(withParam(subtitleUrl, 'format=srt'))} download>
              <DownloadIcon /> Subtitles (SRT)
            </a>
            <a className="btn btn--primary btn--sm" href={mediaSrc(withParam(videoUrl, 'download=1'))} download>
              <DownloadIcon /> Download video
            </a>
          </div>
        )}
        {belowVideo}
      </div>

      {compact && chapterCues.length === 0 && checkpoints.length === 0 ? null : (
        <aside className="player__side" aria-label={compact ? 'Chapters' : 'Chapters and transcript'}>
          {chapterCues.length > 0 ? (
            <section className="card side-card" aria-labelledby={`${ids}-chapters`}>
              <h2 id={`${ids}-chapters`} className="side-card__title">
                Chapters <span className="side-card__count">{chapterCues.length}</span>
              </h2>
              <CueList cues={chapterCues} time={time} onSeek={seek} variant="chapters" after={marksOfChapter} />
            </section>
          ) : checkpoints.length > 0 ? (
            <section className="card side-card" aria-labelledby={`${ids}-questions`}>
              <h2 id={`${ids}-questions`} className="side-card__title">
                Questions <span className="side-card__count">{checkpoints.length}</span>
              </h2>
              {marks(checkpoints)}
            </section>
          ) : null}
          {compact ? null : (
            <section className="card side-card side-card--grow" aria-labelledby={`${ids}-transcript`}>
              <h2 id={`${ids}-transcript`} className="side-card__title">
                Transcript
              </h2>
              {cited ? (
                <p className="side-card__hint">
                  Written from your documents: select a number after a sentence to read the passage it rests on.
                </p>
              ) : null}
              {transcriptCues.length > 0 ? (
                <CueList
                  cues={transcriptCues}
                  time={time}
                  onSeek={seek}
                  variant="transcript"
                  after={cited ? (index) => <CueCitations citations={citations[index] ?? []} /> : undefined}
                />
              ) : (
                <p className="side-card__empty">
                  {transcript.isLoading || (transcriptUrl === null && tracksPending)
                    ? 'Loading the transcript…'
                    : 'No transcript is available for this video.'}
                </p>
              )}
            </section>
          )}
        </aside>
      )}
    </div>
  );
}
