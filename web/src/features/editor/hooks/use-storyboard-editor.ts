import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { clearDraft, readDraft, writeDraft } from '@/lib/drafts';
import type { Storyboard } from '@/features/editor/api/contract';
import {
  currentStoryboard,
  editorReducer,
  initialEditorState,
  placeIssues,
  type EditorAction,
  type EditorState,
} from '@/features/editor/lib/editor-state';
import { storyboardIssues } from '@/features/editor/lib/field-errors';
import { starterScene, type AddableKind } from '@/features/editor/lib/scene-kinds';

let lastSceneId = 0;
const newSceneId = () => `scene-${++lastSceneId}`;

export type StoryboardEditorState = {
  state: EditorState;
  dispatch: (action: EditorAction) => void;
  /** The storyboard as edited so far. */
  storyboard: Storyboard;
  /** Appends a starter scene of `kind`; answers its id. */
  addScene: (kind: AddableKind) => string;
  /**
   * Sends the storyboard as it is now with `send`. A 422 answer's problems are shown under the
   * fields they name (on the scenes as they were sent, wherever they have moved since); the
   * error is thrown on either way, for the screen to say what went wrong.
   */
  submit: <T>(send: (storyboard: Storyboard) => Promise<T>) => Promise<T>;
  /** The latest state, for callbacks that run after a render (a slide's debounced request). */
  latest: () => EditorState;
  /** The storyboard differs from the one the editor opened with. */
  dirty: boolean;
  /** The editor opened with the edits of a draft kept from an earlier visit. */
  restored: boolean;
  /** Back to the storyboard as it came, the draft forgotten. */
  discard: () => void;
  /** The edits were sent (a render started): the draft is forgotten. */
  forgetDraft: () => void;
};

/** A kept draft: the storyboard it was edited from, and the edits. */
type StoryboardDraft = { base: string; storyboard: Storyboard };

/** JSON with every object's keys in one order: the editor puts `scenes` after the fields that follow it in the server's storyboard (`sources`, `from_sources`). */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

const same = (a: Storyboard, b: Storyboard) => canonical(a) === canonical(b);

/** The draft's storyboard when it was edited from `initial` (a draft of an older storyboard is stale). */
function draftOf(key: string | null, initial: Storyboard): Storyboard | null {
  const draft = key ? readDraft<StoryboardDraft>(key) : null;
  if (!draft || draft.base !== JSON.stringify(initial) || !Array.isArray(draft.storyboard?.scenes)) return null;
  return same(draft.storyboard, initial) ? null : draft.storyboard;
}

/**
 * The editor's state: the storyboard's scenes with ids, the last deletion to undo, and the
 * server's complaints. With a `draft` key, unsaved edits are kept on this device as they are
 * made and come back on the next visit (issue 54), until they are sent or discarded.
 */
export function useStoryboardEditor(initial: Storyboard, draft: string | null = null): StoryboardEditorState {
  const [restoredFrom] = useState(() => draftOf(draft, initial));
  const [state, dispatch] = useReducer(editorReducer, restoredFrom ?? initial, (storyboard) => initialEditorState(storyboard, newSceneId));
  const [restored, setRestored] = useState(restoredFrom !== null);
  const ref = useRef(state);
  ref.current = state;
  const storyboard = useMemo(() => currentStoryboard({ meta: state.meta, scenes: state.scenes, checkpoints: state.checkpoints }), [state.meta, state.scenes, state.checkpoints]);
  const dirty = useMemo(() => !same(storyboard, initial), [storyboard, initial]);

  const sent = useRef(false);
  useEffect(() => {
    if (!draft || sent.current) return;
    if (dirty) writeDraft(draft, { base: JSON.stringify(initial), storyboard } satisfies StoryboardDraft);
    else clearDraft(draft);
  }, [draft, dirty, storyboard, initial]);

  const discard = useCallback(() => {
    if (draft) clearDraft(draft);
    setRestored(false);
    dispatch({ type: 'reset', state: initialEditorState(initial, newSceneId) });
  }, [draft, initial]);

  const forgetDraft = useCallback(() => {
    sent.current = true;
    if (draft) clearDraft(draft);
  }, [draft]);

  const addScene = useCallback((kind: AddableKind) => {
    const id = newSceneId();
    dispatch({ type: 'add-scene', entry: { id, scene: starterScene(kind) } });
    return id;
  }, []);

  const submit = useCallback(async <T,>(send: (storyboard: Storyboard) => Promise<T>): Promise<T> => {
    const sent = ref.current.scenes;
    dispatch({ type: 'submit-issues', issues: [] });
    try {
      return await send(currentStoryboard(ref.current));
    } catch (error) {
      const issues = storyboardIssues(error);
      if (issues) dispatch({ type: 'submit-issues', issues: placeIssues(issues, sent) });
      throw error;
    }
  }, []);

  const latest = useCallback(() => ref.current, []);

  return { state, dispatch, storyboard, addScene, submit, latest, dirty, restored, discard, forgetDraft };
}
