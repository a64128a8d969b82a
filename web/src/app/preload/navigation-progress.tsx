import { usePreload } from '@/app/preload/use-preload';

/** SPEC 2.2: the bar across the top while a navigation preloads (30, 50, 70 percent, then done). */
export function NavigationProgress() {
  const progress = usePreload()?.progress ?? null;
  if (progress === null) return null;
  return (
    <div
      className="nav-progress"
      role="progressbar"
      aria-label="Loading the page"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
      data-testid="navigation-progress"
    >
      <div className="nav-progress__bar" style={{ width: `${progress}%` }} />
    </div>
  );
}
