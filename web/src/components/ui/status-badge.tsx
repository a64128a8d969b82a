type StatusBadgeProps = {
  /** The CSS block: the badge is `{block} {block}--{tone}`, its dot `{block}__dot`. */
  block: string;
  tone: string;
  label: string;
  /** The work is running: a dot (which the styles animate) comes before the label. */
  live: boolean;
  testId?: string;
};

/** A job's state as a chip: a queue item's, a course lesson's. */
export function StatusBadge({ block, tone, label, live, testId }: StatusBadgeProps) {
  return (
    <span className={`${block} ${block}--${tone}`} data-testid={testId}>
      {live ? <span className={`${block}__dot`} aria-hidden="true" /> : null}
      {label}
    </span>
  );
}
