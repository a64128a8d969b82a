import { useRef } from 'react';
import { Icon } from '@/components/ui/icon';
import { QueueItem } from '@/features/generation/components/queue-item';
import { useGenerationQueue, useQueueSnapshot } from '@/features/generation/hooks/use-generation-queue';
import { isActive } from '@/features/generation/lib/queue-rules';
import '@/features/generation/components/queue-panel.css';

/** SPEC 2.3: the floating AI Generation Queue, 420 px wide, minimisable to a button with the active count. */
export function QueuePanel() {
  const { store, cancel } = useGenerationQueue();
  const { jobs, minimised } = useQueueSnapshot();
  const openButton = useRef<HTMLButtonElement>(null);
  const minimiseButton = useRef<HTMLButtonElement>(null);
  if (jobs.length === 0) return null;

  const activeCount = jobs.filter((j) => isActive(j.state)).length;
  const finishedCount = jobs.length - activeCount;
  const activeText = `${activeCount} active ${activeCount === 1 ? 'job' : 'jobs'}`;

  if (minimised) {
    return (
      <button
        ref={openButton}
        type="button"
        className="queue-fab"
        aria-label={`Show the AI Generation Queue, ${activeText}`}
        onClick={() => {
          store.setMinimised(false);
          requestAnimationFrame(() => minimiseButton.current?.focus());
        }}
      >
        <Icon name="sparkles" />
        <span>Queue</span>
        <span className={`queue-fab__count${activeCount > 0 ? ' is-active' : ''}`} data-testid="queue-active-count">
          {activeCount}
        </span>
      </button>
    );
  }

  return (
    <aside className="queue-panel" aria-labelledby="queue-panel-title" data-testid="queue-panel">
      <header className="queue-panel__header">
        <span className="queue-panel__icon">
          <Icon name="sparkles" />
        </span>
        <div className="queue-panel__heading">
          <h2 id="queue-panel-title">AI Generation Queue</h2>
          <p className="queue-panel__summary" aria-live="polite">
            {activeCount > 0 ? activeText : 'All jobs finished'}
          </p>
        </div>
        <button
          ref={minimiseButton}
          type="button"
          className="queue-panel__icon-btn"
          aria-label="Minimise the queue"
          onClick={() => {
            store.setMinimised(true);
            requestAnimationFrame(() => openButton.current?.focus());
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
