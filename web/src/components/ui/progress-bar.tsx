/** The thin bar at the top of the page while something app-wide is still loading. */
export function TopProgressBar({ label }: { label: string }) {
  return (
    <div className="top-progress" role="progressbar" aria-label={label} aria-busy="true">
      <div className="top-progress__bar" />
    </div>
  );
}
