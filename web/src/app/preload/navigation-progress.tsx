import { ProgressBar } from '@/components/ui/progress-bar';
import { usePreload } from '@/app/preload/use-preload';

/** SPEC 2.2: the bar across the top while a navigation preloads (30, 50, 70 percent, then done). */
export function NavigationProgress() {
  const progress = usePreload()?.progress ?? null;
  if (progress === null) return null;
  return (
    <ProgressBar
      className="nav-progress"
      fillClassName="nav-progress__bar"
      label="Loading the page"
      value={progress}
      testId="navigation-progress"
    />
  );
}
