import type { Scene, Storyboard, StoryboardCheckpoint } from '@/features/editor/api/contract';
import { getIn, setIn, type Path } from '@/features/editor/lib/json-path';
import type { StoryboardIssue } from '@/features/editor/lib/field-errors';

/** A scene with an id of its own, so that its card, its slide and its errors follow it when it moves. */
export type EditorScene = { id: string; scene: Scene };

/** A problem placed on a scene (by id) or, with `sceneId` null, on the storyboard. */
export type EditorIssue = { sceneId: string | null; field: string; message: string };

/**
 * A checkpoint question, tied to its scene by id: it follows the scene when scenes move, and
 * goes when the scene is deleted or edited (it asks about what the scene said when it was written).
 */
export type EditorCheckpoint = { sceneId: string; asked: Scene; checkpoint: StoryboardCheckpoint };

export type EditorState = {
  /** The storyboard's fields other than its scenes and questions, kept as they came. */
  meta: Omit<Storyboard, 'scenes' | 'checkpoints'>;
  scenes: EditorScene[];
  checkpoints: EditorCheckpoint[];
  /** The scene last deleted and where it was, until it is restored or another is deleted. */
  deleted: { entry: EditorScene; index: number } | null;
  /** What the last render or save was refused for (a 422), until the scene is edited. */
  submitIssues: EditorIssue[];
  /** What each scene's last preview frame was refused for, by scene id. */
  frameIssues: Record<string, EditorIssue[]>;
};

export type EditorAction =
  | { type: 'set'; id: string; path: Path; value: unknown }
  | { type: 'add-entry'; id: string; path: Path; entry: unknown }
  | { type: 'remove-entry'; id: string; path: Path; index: number }
  | { type: 'move'; id: string; by: -1 | 1 }
  | { type: 'delete'; id: string }
  | { type: 'undo-delete' }
  | { type: 'add-scene'; entry: EditorScene }
  | { type: 'submit-issues'; issues: EditorIssue[] }
  | { type: 'frame-issues'; id: string; issues: EditorIssue[] }
  | { type: 'reset'; state: EditorState };

export function initialEditorState(storyboard: Storyboard, newId: () => string): EditorState {
  const { scenes, checkpoints = [], ...meta } = storyboard;
  const entries = scenes.map((scene) => ({ id: newId(), scene }));
  const tied = checkpoints.flatMap((checkpoint) => {
    const entry = entries[checkpoint.scene];
    return entry ? [{ sceneId: entry.id, asked: entry.scene, checkpoint }] : [];
  });
  return { meta, scenes: entries, checkpoints: tied, deleted: null, submitIssues: [], frameIssues: {} };
}

export function currentStoryboard(state: Pick<EditorState, 'meta' | 'scenes' | 'checkpoints'>): Storyboard {
  const checkpoints = state.checkpoints
    .flatMap(({ sceneId, asked, checkpoint }) => {
      const index = state.scenes.findIndex((s) => s.id === sceneId);
      return index >= 0 && state.scenes[index]?.scene === asked ? [{ ...checkpoint, scene: index }] : [];
    })
    .sort((a, b) => a.scene - b.scene);
  const storyboard: Storyboard = { ...state.meta, scenes: state.scenes.map((s) => s.scene) };
  return checkpoints.length > 0 ? { ...storyboard, checkpoints } : storyboard;
}

/** Issues of a storyboard that was sent with `sent` (its scene ids then), placed on those scenes. */
export function placeIssues(issues: StoryboardIssue[], sent: readonly EditorScene[]): EditorIssue[] {
  return issues.map(({ scene, field, message }) => {
    const entry = scene === null ? undefined : sent[scene];
    // A scene index past the end (a count of scenes, say) is the storyboard's problem.
    return entry ? { sceneId: entry.id, field, message } : { sceneId: null, field: scene === null ? field : `scenes.${scene}`, message };
  });
}

function editScene(state: EditorState, id: string, edit: (scene: Scene) => Scene): EditorState {
  return {
    ...state,
    scenes: state.scenes.map((s) => (s.id === id ? { ...s, scene: edit(s.scene) } : s)),
    submitIssues: state.submitIssues.filter((issue) => issue.sceneId !== id),
  };
}

function removeEntry(scene: Scene, path: Path, index: number): Scene {
  const list = getIn(scene, path);
  if (!Array.isArray(list)) return scene;
  let next = setIn(scene, path, list.filter((_, i) => i !== index));
  // A quiz's answer points at an option: it follows its option, or the first one when that one goes.
  if (next.kind === 'quiz' && path.length === 1 && path[0] === 'options') {
    const answer = next.answer === index ? 0 : next.answer > index ? next.answer - 1 : next.answer;
    next = { ...next, answer: Math.min(answer, Math.max(0, next.options.length - 1)) };
  }
  return next;
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'set':
      return editScene(state, action.id, (scene) => setIn(scene, action.path, action.value));
    case 'add-entry':
      return editScene(state, action.id, (scene) => {
        const list = getIn(scene, action.path);
        return Array.isArray(list) ? setIn(scene, action.path, [...list, action.entry]) : scene;
      });
    case 'remove-entry':
      return editScene(state, action.id, (scene) => removeEntry(scene, action.path, action.index));
    case 'move': {
      const from = state.scenes.findIndex((s) => s.id === action.id);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= state.scenes.length) return state;
      const scenes = [...state.scenes];
      const [moved] = scenes.splice(from, 1);
      scenes.splice(to, 0, moved as EditorScene);
      return { ...state, scenes };
    }
    case 'delete': {
      const index = state.scenes.findIndex((s) => s.id === action.id);
      if (index < 0 || state.scenes.length <= 1) return state;
      return {
        ...state,
        scenes: state.scenes.filter((s) => s.id !== action.id),
        deleted: { entry: state.scenes[index] as EditorScene, index },
        submitIssues: state.submitIssues.filter((issue) => issue.sceneId !== action.id),
      };
    }
    case 'undo-delete': {
      if (!state.deleted) return state;
      const scenes = [...state.scenes];
      scenes.splice(Math.min(state.deleted.index, scenes.length), 0, state.deleted.entry);
      return { ...state, scenes, deleted: null };
    }
    case 'add-scene':
      return { ...state, scenes: [...state.scenes, action.entry] };
    case 'submit-issues':
      return { ...state, submitIssues: action.issues };
    case 'frame-issues':
      return { ...state, frameIssues: { ...state.frameIssues, [action.id]: action.issues } };
    case 'reset':
      return action.state;
  }
}

const NO_ISSUES: EditorIssue[] = [];

/** The problems to show on scene `id`: its frame's and the last submit's, each once (the same empty list when none). */
export function sceneIssues(state: EditorState, id: string): EditorIssue[] {
  const frame = state.frameIssues[id] ?? NO_ISSUES;
  const submitted = state.submitIssues.filter((issue) => issue.sceneId === id);
  if (submitted.length === 0) return frame;
  const seen = new Set<string>();
  return [...frame, ...submitted].filter((issue) => {
    const key = `${issue.field}\u0000${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * What a 422 of scene `sceneId`'s slide (asked for at `index`) puts on that scene: the problems
 * in it or in the storyboard as a whole. Problems of other scenes are theirs to show; when only
 * such problems stopped the slide, the card says which scene to fix.
 */
export function frameIssues(sceneId: string, issues: StoryboardIssue[], index: number): EditorIssue[] {
  const placed = issues
    .filter((issue) => issue.scene === index || issue.scene === null)
    .map(({ field, message }) => ({ sceneId, field, message }));
  const other = issues.find((issue) => issue.scene !== null && issue.scene !== index);
  if (placed.length === 0 && other?.scene != null) {
    placed.push({ sceneId, field: '', message: `The slide can be drawn once scene ${other.scene + 1} is fixed.` });
  }
  return placed;
}
