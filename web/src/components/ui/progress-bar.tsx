/** The thin bar at the top of the page while something app-wide is still loading. */
export function TopProgressBar({ label }: { label: string }) {
  return (
    <div className="top-progress" role="progressbar" aria-label={label} aria-busy="true">
      <div className="top-progress__bar" />
    </div>
  );
}

type ProgressBarProps = {
  /** The track's class; the filled part is its only child. */
  className: string;
  /** The accessible name: what is progressing. */
  label: string;
  value: number;
  /** The value when done (a count of lessons, or 100 for a percentage). */
  max?: number;
  /** The least width of the filled part, in percent, so that a start shows. */
  minPercent?: number;
  /** The filled part's class, where its look is not styled through the track. */
  fillClassName?: string;
  testId?: string;
};

/** A determinate progress bar: `value` of `max` (0 to 100 by default), its filled part as wide as the share done. */
export function ProgressBar({ className, label, value, max = 100, minPercent = 0, fillClassName, testId }: ProgressBarProps) {
  // A percentage is used as it is: scaling it would change 33.3 into 33.29999….
  const percent = max === 100 ? value : max ? (value * 100) / max : 0;
  return (
    <div
      className={className}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      data-testid={testId}
    >
      <div className={fillClassName} style={{ width: `${Math.max(percent, minPercent)}%` }} />
    </div>
  );
}
