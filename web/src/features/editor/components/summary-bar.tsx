import type { ReactNode } from 'react';
import type { Storyboard } from '@/features/editor/api/contract';
import { estimatedSeconds, formatDuration, storyboardWords } from '@/features/editor/lib/storyboard-math';

const count = new Intl.NumberFormat('en-US');

/** The storyboard at a glance: scenes, words, how long the narration runs at its pace, and what it costs. */
export function SummaryBar({ storyboard, cost }: { storyboard: Storyboard; cost: ReactNode }) {
  const words = storyboardWords(storyboard);
  const scenes = storyboard.scenes.length;
  return (
    <dl className="editor-summary" data-testid="editor-summary">
      <div>
        <dt>Scenes</dt>
        <dd data-testid="summary-scenes">{count.format(scenes)}</dd>
      </div>
      <div>
        <dt>Words</dt>
        <dd data-testid="summary-words">{count.format(words)}</dd>
      </div>
      <div>
        <dt>Estimated length</dt>
        <dd data-testid="summary-duration">
          {formatDuration(estimatedSeconds(words, storyboard.wpm))}
          <span className="editor-summary__note"> at {storyboard.wpm} wpm</span>
        </dd>
      </div>
      <div>
        <dt>Cost</dt>
        <dd data-testid="summary-cost">{cost}</dd>
      </div>
    </dl>
  );
}
