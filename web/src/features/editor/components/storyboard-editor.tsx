import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { StoryboardEditorState } from '@/features/editor/hooks/use-storyboard-editor';
import { AddSceneMenu } from '@/features/editor/components/add-scene-menu';
import { SceneCard } from '@/features/editor/components/scene-card';
import { SummaryBar } from '@/features/editor/components/summary-bar';
import { sceneIssues } from '@/features/editor/lib/editor-state';
import { kindLabel } from '@/features/editor/lib/scene-kinds';
import '@/features/editor/components/editor.css';

type StoryboardEditorProps = {
  editor: StoryboardEditorState;
  /** What rendering costs, as the summary shows it. */
  cost: ReactNode;
};

/** What leaving an editor with unsaved edits asks (they stay on this device as a draft). */
export const UNRENDERED_EDITS =
  'Your edits are not rendered yet. They stay on this device as a draft for when you come back. Leave this page?';

type FocusTarget = { sceneId: string; on: 'up' | 'down' | 'heading' } | { undo: true };

/** The storyboard editor: the summary, one card per scene (edit, move, delete with undo) and "Add scene". */
export function StoryboardEditor({ editor, cost }: StoryboardEditorProps) {
  const { state, dispatch, storyboard, addScene, latest, restored, dirty, discard } = editor;
  const baseId = useId();
  const domId = useCallback((sceneId: string) => `${baseId}-${sceneId}`, [baseId]);
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  const undoRef = useRef<HTMLButtonElement>(null);

  // Moving, deleting or adding a scene redraws the list: the focus goes where the user's attention is.
  useEffect(() => {
    if (!focus) return;
    if ('undo' in focus) undoRef.current?.focus();
    else {
      const want = document.getElementById(`${domId(focus.sceneId)}-${focus.on}`) as HTMLButtonElement | null;
      const target = want && !want.disabled ? want : document.getElementById(`${domId(focus.sceneId)}-heading`);
      target?.focus();
    }
    setFocus(null);
  }, [focus, domId]);

  const onMove = useCallback(
    (id: string, by: -1 | 1) => {
      dispatch({ type: 'move', id, by });
      setFocus({ sceneId: id, on: by < 0 ? 'up' : 'down' });
    },
    [dispatch],
  );
  const onDelete = useCallback(
    (id: string) => {
      dispatch({ type: 'delete', id });
      setFocus({ undo: true });
    },
    [dispatch],
  );

  const documentIssues = state.submitIssues.filter((issue) => issue.sceneId === null);
  const deleted = state.deleted;

  return (
    <section className="storyboard-editor" aria-labelledby={`${baseId}-title`}>
      <SummaryBar storyboard={storyboard} cost={cost} />
      <div className="storyboard-editor__bar">
        <h2 id={`${baseId}-title`} className="storyboard-editor__title">
          Scenes
        </h2>
        <AddSceneMenu
          onAdd={(kind) => setFocus({ sceneId: addScene(kind), on: 'heading' })}
          disabled={state.scenes.length >= 60}
        />
      </div>

      {restored && dirty ? (
        <div className="alert storyboard-editor__draft" role="status" data-testid="draft-restored">
          <span>Your unsaved edits from last time are back.</span>
          <button type="button" className="btn btn--secondary btn--sm" onClick={discard}>
            Discard them
          </button>
        </div>
      ) : null}

      {documentIssues.length > 0 ? (
        <div className="alert alert--error" role="alert">
          <ul className="storyboard-editor__issues">
            {documentIssues.map((issue, i) => (
              <li key={i}>{issue.message}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="storyboard-editor__undo" role="status">
        {deleted ? (
          <>
            <span>
              Scene {deleted.index + 1} ({kindLabel(deleted.entry.scene.kind)}) deleted.
            </span>
            <button
              ref={undoRef}
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => {
                dispatch({ type: 'undo-delete' });
                setFocus({ sceneId: deleted.entry.id, on: 'heading' });
              }}
            >
              Undo
            </button>
          </>
        ) : null}
      </div>

      <ol className="storyboard-editor__scenes">
        {state.scenes.map((entry, index) => (
          <SceneCard
            key={entry.id}
            entry={entry}
            index={index}
            count={state.scenes.length}
            domId={domId(entry.id)}
            issues={sceneIssues(state, entry.id)}
            latest={latest}
            dispatch={dispatch}
            onMove={onMove}
            onDelete={onDelete}
          />
        ))}
      </ol>
    </section>
  );
}
