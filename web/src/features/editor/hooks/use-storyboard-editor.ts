import { useCallback, useMemo, useReducer, useRef } from 'react';
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
};

/** The editor's state: the storyboard's scenes with ids, the last deletion to undo, and the server's complaints. */
export function useStoryboardEditor(initial: Storyboard): StoryboardEditorState {
  const [state, dispatch] = useReducer(editorReducer, initial, (storyboard) => initialEditorState(storyboard, newSceneId));
  const ref = useRef(state);
  ref.current = state;
  const storyboard = useMemo(() => currentStoryboard({ meta: state.meta, scenes: state.scenes, checkpoints: state.checkpoints }), [state.meta, state.scenes, state.checkpoints]);

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

  return { state, dispatch, storyboard, addScene, submit, latest };
}
