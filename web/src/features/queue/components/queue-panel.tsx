import { useEffect, useRef } from 'react';
import { Icon } from '@/components/ui/icon';
import { useGenerationQueue, useQueueSnapshot } from '@/hooks/use-generation-queue';
import { QUEUE_TOGGLE_ID, QueueItem } from '@/features/queue/components/queue-item';
import { isActive } from '@/features/queue/lib/queue-rules';
import '@/features/queue/components/queue-panel.css';

export const QUEUE_PANEL_ID = 'generation-queue-panel';
const TOGGLE_ID = QUEUE_TOGGLE_ID;

/** Wide enough for the panel to dock beside the page; below this it opens inside the page's flow. */
export const QUEUE_DOCK_MEDIA = '(min-width: 1100px)';

const activeText = (n: number) => `${n} active ${n === 1 ? 'job' : 'jobs'}`;

/**
 * Moves focus to the element once it is rendered. The toggle and the panel re-render as the
 * layout docks or folds the queue, so for a few frames focus that fell back to the page body
 * (the focused element was replaced) is put back; focus the user moved elsewhere is left alone.
 */
const FOCUS_FRAMES = 10;

function focusById(id: string, frames = FOCUS_FRAMES) {
  requestAnimationFrame(() => {
    const target = document.getElementById(id);
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (target && (lost || frames === FOCUS_FRAMES)) target.focus();
    if (frames > 0) focusById(id, frames - 1);
  });
}

/**
 * SPEC 2.3's minimised queue: a small button with the number of active jobs. It lives in the
 * top navigation, so it never covers the page (issue 19), and opens or folds the panel.
 */
export function QueueToggle() {
  const { store } = useGenerationQueue();
  const { jobs, minimised } = useQueueSnapshot();
  if (jobs.length === 0) return null;
  const activeCount = jobs.filter((j) => isActive(j.state)).length;
  return (
    <button
      id={TOGGLE_ID}
      type="button"
      className={`queue-fab${activeCount > 0 ? ' is-running' : ''}`}
      // The visible "Queue" and count begin the name (WCAG 2.5.3, label in name).
      aria-label={`Queue ${activeText(activeCount)}: ${minimised ? 'show' : 'hide'} the AI Generation Queue`}
      aria-expanded={!minimised}
      aria-controls={minimised ? undefined : QUEUE_PANEL_ID}
      data-testid="queue-toggle"
      onClick={() => {
        store.setMinimised(!minimised);
        if (minimised) focusById(`${QUEUE_PANEL_ID}-minimise`);
      }}
    >
      <Icon name="sparkles" />
      <span className="queue-fab__label">Queue</span>{' '}
      <span className={`queue-fab__count${activeCount > 0 ? ' is-active' : ''}`} data-testid="queue-active-count">
        {activeCount}
      </span>
    </button>
  );
}

/**
 * SPEC 2.3's AI Generation Queue, 420 px wide, when it is open. The layout docks it: beside
 * the page on a wide screen, at the top of the page's flow on a narrow one, never over it.
 */
export function QueuePanel() {
  const { store, cancel } = useGenerationQueue();
  const { jobs, minimised } = useQueueSnapshot();
  const activeCount = jobs.filter((j) => isActive(j.state)).length;
  const finishedCount = jobs.length - activeCount;

  // A job that starts while nothing else runs opens the panel where it has room to dock
  // beside the page; on a narrow screen the create page's own banner follows the job.
  const previousActive = useRef(activeCount);
  useEffect(() => {
    const before = previousActive.current;
    previousActive.current = activeCount;
    if (before === 0 && activeCount > 0 && window.matchMedia?.(QUEUE_DOCK_MEDIA).matches) store.setMinimised(false);
  }, [activeCount, store]);

  if (jobs.length === 0 || minimised) return null;

  return (
    <aside id={QUEUE_PANEL_ID} className="queue-panel" aria-labelledby="queue-panel-title" data-testid="queue-panel">
      <header className="queue-panel__header">
        <span className="queue-panel__icon">
          <Icon name="sparkles" />
        </span>
        <div className="queue-panel__heading">
          <h2 id="queue-panel-title">AI Generation Queue</h2>
          <p className="queue-panel__summary" aria-live="polite">
            {activeCount > 0 ? activeText(activeCount) : 'Nothing running'}
          </p>
        </div>
        <button
          id={`${QUEUE_PANEL_ID}-minimise`}
          type="button"
          className="queue-panel__icon-btn"
          aria-label="Minimise the queue"
          onClick={() => {
            store.setMinimised(true);
            focusById(TOGGLE_ID);
          }}
        >
          <Icon name="chevron-down" />
        </button>
      </header>
      <ul className="queue-panel__list">
        {jobs.map((job) => (
          <QueueItem key={job.id} job={job} onCancel={(id) => void cancel(id)} onRemove={(id) => store.remove(id)} />
        ))}
      </ul>
      {finishedCount > 0 ? (
        <footer className="queue-panel__footer">
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => store.clearFinished()}>
            Clear finished ({finishedCount})
          </button>
        </footer>
      ) : null}
    </aside>
  );
}
