import { useEffect, useRef, type ReactNode } from 'react';
import { activeChapterIndex, activeCueIndex, formatClock, type Cue } from '@/features/player/lib/webvtt';

type Variant = 'chapters' | 'transcript';

type CueListProps = {
  cues: readonly Cue[];
  /** The playing position, in seconds. */
  time: number;
  onSeek: (seconds: number) => void;
  variant: Variant;
  /** Shown under a cue's button (a chapter's checkpoint questions). */
  after?: (index: number) => ReactNode;
};

const variants: Record<Variant, { label: string; active: (cues: readonly Cue[], time: number) => number }> = {
  // A chapter lasts until the next one starts; a transcript line only while it is spoken.
  chapters: { label: 'Chapters', active: activeChapterIndex },
  transcript: { label: 'Transcript', active: activeCueIndex },
};

/** Chapters or transcript lines as buttons that seek; the playing one is marked and kept in view. */
export function CueList({ cues, time, onSeek, variant, after }: CueListProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const { label, active } = variants[variant];
  const activeIndex = active(cues, time);

  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!list || !active) return;
    // Scroll the list only, never the page.
    const top = active.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + active.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTo?.({ top: Math.max(0, top - list.clientHeight / 3), behavior: 'smooth' });
    }
  }, [activeIndex]);

  return (
    <ol ref={listRef} className={`cue-list cue-list--${variant}`} aria-label={label}>
      {cues.map((cue, index) => (
        <li key={`${cue.start}-${index}`} className="cue-list__entry">
          <button
            type="button"
            className="cue-list__item"
            aria-current={index === activeIndex ? 'true' : undefined}
            onClick={() => onSeek(cue.start)}
          >
            <span className="cue-list__time">{formatClock(cue.start)}</span>
            <span className="cue-list__text">{cue.text || (variant === 'chapters' ? `Chapter ${index + 1}` : '…')}</span>
          </button>
          {after?.(index)}
        </li>
      ))}
    </ol>
  );
}
