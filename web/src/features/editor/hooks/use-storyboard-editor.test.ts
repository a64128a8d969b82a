import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Storyboard } from '@/features/editor/api/contract';
import { useStoryboardEditor } from '@/features/editor/hooks/use-storyboard-editor';
import { makeStoryboard } from '@/testing/make-storyboard';

/** As the server sends a lesson written from the learner's documents: `sources` and `from_sources` after `scenes`. */
function fromSources(): Storyboard {
  const { scenes, ...meta } = makeStoryboard();
  return {
    ...meta,
    scenes,
    sources: [{ term: 'Chlorophyll', definition: 'A green pigment.', source: 'WordNet 3.0' }],
    from_sources: {
      documents: [{ source_id: 's1', title: 'Notes', pages: [] }],
      check: { checked: 3, supported: 3, asked_again: 0, dropped: 0, kept_unsupported: 0, uncited: 0 },
    },
  } as Storyboard;
}

describe('useStoryboardEditor', () => {
  it('is not changed until it is edited, whatever the order of the storyboard’s fields', () => {
    const initial = fromSources();
    const { result } = renderHook(() => useStoryboardEditor(initial));
    expect(result.current.dirty).toBe(false);
    const id = result.current.state.scenes[0]!.id;
    act(() => result.current.dispatch({ type: 'set', id, path: ['title'], value: 'Light' }));
    expect(result.current.dirty).toBe(true);
  });
});
