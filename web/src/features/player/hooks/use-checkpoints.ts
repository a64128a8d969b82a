import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import {
  answersOf,
  crossed,
  mergeResults,
  type Checkpoint,
  type CheckpointAnswer,
  type CheckpointResults,
} from '@/features/player/lib/checkpoints';

/** A mark in the chapter list opens its question this far before `at`, so playing on does not pass it unseen. */
export const OPEN_BEFORE_SECONDS = 0.1;
/** Playback moves at most this much further than the time between two updates (times the speed): more is a jump. */
const STEP_SLACK_SECONDS = 1;

type Options = {
  /** Answers stored from earlier visits (the chapter marks show them; the questions are asked again). */
  saved?: readonly CheckpointAnswer[];
  /** Every answer so far, each time one is given or a question skipped. */
  onAnswered?: (answers: CheckpointAnswer[]) => void;
};

export type OpenCheckpoint = { checkpoint: Checkpoint; key: number };

export type Checkpoints = {
  /** The question on screen, if any; `key` is new each time one opens. */
  open: OpenCheckpoint | null;
  /** Right, wrong or skipped per question: this visit's answers over the stored ones. */
  results: CheckpointResults;
  /** Records the answer; the question stays open, showing how it went. */
  answer: (correct: boolean) => void;
  /** Records the question as skipped and plays on. */
  skip: () => void;
  /** Closes the answered question and plays on. */
  proceed: () => void;
  /** Plays the scene that taught the question again; the question comes back at its end. */
  rewatch: () => void;
  /** Goes to a question from the chapter list and opens it. */
  goTo: (checkpoint: Checkpoint) => void;
  /** Puts the question away unanswered (the learner went elsewhere in the video); it is asked when reached again. */
  dismiss: () => void;
};

/**
 * Issue 17's checkpoint quizzes: playback pauses when it first reaches a question's `at` while
 * playing (not when a seek passes it, and not again once it was answered or skipped in this
 * visit) and the question opens. Closing it moves focus back to the video.
 */
export function useCheckpoints(
  videoRef: RefObject<HTMLVideoElement | null>,
  checkpoints: readonly Checkpoint[],
  { saved, onAnswered }: Options = {},
): Checkpoints {
  const [open, setOpen] = useState<OpenCheckpoint | null>(null);
  const [given, setGiven] = useState<CheckpointResults>(() => new Map());
  // Asked in this visit (answered or skipped): playing past it again does not stop.
  const done = useRef(new Set<number>());
  // Questions reached together, asked one after the other.
  const waiting = useRef<Checkpoint[]>([]);
  const opened = useRef(0);
  const results = mergeResults(saved, given);

  const show = (checkpoint: Checkpoint) => {
    opened.current += 1;
    setOpen({ checkpoint, key: opened.current });
  };

  const reached = useEffectEvent((now: Checkpoint[]) => {
    const fresh = now.filter((c) => !done.current.has(c.index) && !waiting.current.includes(c));
    if (fresh.length === 0) return;
    waiting.current.push(...fresh);
    videoRef.current?.pause();
    const first = open ? undefined : waiting.current.shift();
    if (first) show(first);
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video || checkpoints.length === 0) return;
    let playing = !video.paused;
    let last = video.currentTime;
    let lastAt = performance.now();
    const jumpTo = () => {
      last = video.currentTime;
      lastAt = performance.now();
    };
    const onTimeUpdate = () => {
      const now = video.currentTime;
      const elapsed = (performance.now() - lastAt) / 1000;
      const step = now - last;
      const from = last;
      jumpTo();
      // Only playing forward crosses a question; a seek or a jump backwards does not.
      if (!playing || step <= 0 || step > elapsed * video.playbackRate + STEP_SLACK_SECONDS) return;
      const hit = crossed(checkpoints, from, now);
      if (hit.length > 0) {
        playing = false;
        reached(hit);
      }
    };
    const onEnded = () => {
      // A question at the very end is reached when the video ends, even between two updates.
      const hit = crossed(checkpoints, last, Math.max(video.currentTime, video.duration || 0));
      jumpTo();
      playing = false;
      if (hit.length > 0) reached(hit);
    };
    const onPlay = () => {
      playing = true;
      jumpTo();
    };
    const onPause = () => {
      playing = false;
    };
    const listeners: [string, () => void][] = [
      ['timeupdate', onTimeUpdate],
      ['seeking', jumpTo],
      ['seeked', jumpTo],
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onEnded],
    ];
    for (const [type, listener] of listeners) video.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of listeners) video.removeEventListener(type, listener);
    };
  }, [videoRef, checkpoints]);

  /** Closes the question: the next one reached with it opens, else playback goes on from where it is. */
  const close = ({ play = true }: { play?: boolean } = {}) => {
    const next = waiting.current.shift();
    if (next) {
      show(next);
      return;
    }
    setOpen(null);
    const video = videoRef.current;
    if (!video) return;
    video.focus();
    if (play && !video.ended) void video.play()?.catch(() => undefined);
  };

  const record = (index: number, correct: boolean | null) => {
    done.current.add(index);
    const next = new Map(given).set(index, correct);
    setGiven(next);
    onAnswered?.(answersOf(mergeResults(saved, next)));
  };

  const seekTo = (seconds: number) => {
    const video = videoRef.current;
    if (video) video.currentTime = Math.max(0, seconds);
  };

  return {
    open,
    results,
    answer: (correct) => {
      if (open) record(open.checkpoint.index, correct);
    },
    skip: () => {
      if (!open) return;
      record(open.checkpoint.index, null);
      close();
    },
    proceed: () => close(),
    rewatch: () => {
      if (!open) return;
      const { checkpoint } = open;
      // Asked again when playback reaches it after the scene; its answer stays until then.
      done.current.delete(checkpoint.index);
      waiting.current = [];
      seekTo(checkpoint.rewatch_from);
      close();
    },
    dismiss: () => {
      waiting.current = [];
      setOpen(null);
    },
    goTo: (checkpoint) => {
      waiting.current = [];
      videoRef.current?.pause();
      seekTo(checkpoint.at - OPEN_BEFORE_SECONDS);
      show(checkpoint);
    },
  };
}
