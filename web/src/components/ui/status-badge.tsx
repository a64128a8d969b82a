/** The colours of a status chip: the `.tone--*` classes of styles/components.css. */
export type Tone = 'neutral' | 'brand' | 'success' | 'danger' | 'warning';

/** A job's state in colour: at work in the brand colour, done green, failed red, cancelled amber, else grey. */
export function stateTone(state: string): Tone {
  switch (state) {
    case 'queued':
    case 'processing':
      return 'brand';
    case 'completed':
      return 'success';
    case 'failed':
      return 'danger';
    case 'cancelled':
      return 'warning';
    default:
      return 'neutral';
  }
}

type StatusBadgeProps = {
  /** The CSS block: the badge is `{block} {block}--{tone}`, its dot `{block}__dot`. */
  block: string;
  tone: string;
  /** Its colours (`tone--{color}`); by default those of the state `tone` names. */
  color?: Tone;
  label: string;
  /** The work is running: a dot (which the styles animate) comes before the label. */
  live: boolean;
  testId?: string;
};

/** A job's state as a chip: a queue item's, a course lesson's. */
export function StatusBadge({ block, tone, color = stateTone(tone), label, live, testId }: StatusBadgeProps) {
  return (
    <span className={`${block} ${block}--${tone} tone--${color}`} data-testid={testId}>
      {live ? <span className={`${block}__dot`} aria-hidden="true" /> : null}
      {label}
    </span>
  );
}
