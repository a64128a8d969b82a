import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import {
  reportProgress,
  videoProgressQueryOptions,
  type ProgressReport,
  type VideoProgress,
} from '@/features/player/api/progress';
import { answersOf, mergeResults, type CheckpointAnswer } from '@/features/player/lib/checkpoints';
import { resumePoint } from '@/features/player/lib/resume-point';

/** While the video plays, a report every this many milliseconds. */
export const REPORT_EVERY_MS = 15_000;

type Options = {
  /** The server's answer to a report (it may now count the video completed). */
  onSaved?: (progress: VideoProgress) => void;
};

type Progress = {
  /** Where the learner stopped last time, offered until they take it or play past it; null: nothing to offer. */
  resumeAt: number | null;
  dismissResume: () => void;
  /** The checkpoint answers the server has from earlier visits; undefined until it has answered. */
  savedAnswers: CheckpointAnswer[] | undefined;
  /**
   * Reports at once (issue 17: right after each answer) with these answers, every checkpoint
   * answered or skipped so far; every later report carries them too.
   */
  reportAnswers: (answers: CheckpointAnswer[]) => void;
};

/**
 * Issue 17: tells the server how far the learner got in their own video: every 15 s while it
 * plays, on pause, at the end, and as the page is hidden or left. Nothing is sent before the
 * video first plays, so merely opening it never moves the stored point back to 0. A failed report
 * is only logged: it never gets in the way of playback. Each report carries every checkpoint answer
so far (a report replaces the stored ones): the stored ones, and this visit's over them. `videoId` null: not the learner's video,
 * nothing is asked or sent.
 */
export function useProgressReport(
  videoRef: RefObject<HTMLVideoElement | null>,
  videoId: string | null,
  { onSaved }: Options = {},
): Progress {
  const saved = useQuery({ ...videoProgressQueryOptions(videoId ?? ''), enabled: videoId !== null });
  // The furthest point reached in this session, and no less than the server has.
  const furthest = useRef(0);
  // The answers the next report carries; null until the server's or this visit's are known.
  const answers = useRef<CheckpointAnswer[] | null>(null);
  // Sends a report now, even before the first play (an answer is given after a seek to its question).
  const sendNow = useRef<(() => void) | null>(null);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!saved.data) return;
    furthest.current = Math.max(furthest.current, saved.data.furthest_seconds);
    const given = new Map((answers.current ?? []).map((a) => [a.question, a.correct]));
    answers.current = answersOf(mergeResults(saved.data.checkpoints, given));
  }, [saved.data]);

  useEffect(() => {
    if (saved.error) console.error(`Loading the progress in video ${videoId} failed`, saved.error);
  }, [saved.error, videoId]);

  const answered = useEffectEvent((progress: VideoProgress) => {
    furthest.current = Math.max(furthest.current, progress.furthest_seconds);
    onSaved?.(progress);
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video || videoId === null) return;
    let started = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    // The last report sent: a pause followed by `ended`, or by hiding the page, sends it once.
    let last: { position: number; furthest: number; checkpoints: CheckpointAnswer[] } | null = null;

    const send = (keepalive: boolean, force = false) => {
      started ||= force;
      if (!started) return;
      const position = video.currentTime;
      furthest.current = Math.max(furthest.current, position);
      const checkpoints = answers.current ?? [];
      if (last?.position === position && last.furthest === furthest.current && last.checkpoints === checkpoints) return;
      const sent = { position, furthest: furthest.current, checkpoints };
      last = sent;
      const report: ProgressReport = {
        position_seconds: position,
        furthest_seconds: furthest.current,
        checkpoints,
        recorded_at: new Date().toISOString(),
      };
      reportProgress(videoId, report, { keepalive }).then(answered, (error: unknown) => {
        if (last === sent) last = null;
        console.error(`Reporting progress in video ${videoId} failed`, error);
      });
    };
    const stopTimer = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onPlay = () => {
      started = true;
      timer ??= setInterval(() => send(false), REPORT_EVERY_MS);
    };
    const onStop = () => {
      stopTimer();
      send(false);
    };
    const onTimeUpdate = () => {
      furthest.current = Math.max(furthest.current, video.currentTime);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') send(true);
    };
    const onPageHide = () => send(true);

    // The video may already be playing when ownership is confirmed.
    if (!video.paused) onPlay();
    const listeners: [EventTarget, string, () => void][] = [
      [video, 'play', onPlay],
      [video, 'pause', onStop],
      [video, 'ended', onStop],
      [video, 'timeupdate', onTimeUpdate],
      [document, 'visibilitychange', onVisibility],
      [window, 'pagehide', onPageHide],
    ];
    for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
    sendNow.current = () => send(false, true);
    return () => {
      sendNow.current = null;
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
      stopTimer();
      // Leaving the player inside the app hides no page: this is the last word.
      send(true);
    };
  }, [videoRef, videoId]);

  const offer = saved.data && !dismissed ? resumePoint(saved.data) : null;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || offer === null) return;
    const onTimeUpdate = () => {
      if (video.currentTime >= offer) setDismissed(true);
    };
    video.addEventListener('timeupdate', onTimeUpdate);
    return () => video.removeEventListener('timeupdate', onTimeUpdate);
  }, [videoRef, offer]);

  return {
    resumeAt: offer,
    dismissResume: () => setDismissed(true),
    savedAnswers: saved.data?.checkpoints,
    reportAnswers: (given) => {
      answers.current = given;
      sendNow.current?.();
    },
  };
}
