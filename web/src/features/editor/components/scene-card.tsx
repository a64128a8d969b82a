import { memo, useCallback, useMemo } from 'react';
import { Icon } from '@/components/ui/icon';
import type { Path } from '@/features/editor/lib/json-path';
import { FieldList } from '@/features/editor/components/field-list';
import { SlideImage } from '@/features/editor/components/slide-image';
import {
  currentStoryboard,
  frameIssues,
  type EditorAction,
  type EditorIssue,
  type EditorScene,
  type EditorState,
} from '@/features/editor/lib/editor-state';
import { fieldInWords, type StoryboardIssue } from '@/features/editor/lib/field-errors';
import { fieldKeys, narrationField, visualFields } from '@/features/editor/lib/scene-fields';
import { elementCount, kindLabel, slideAlt } from '@/features/editor/lib/scene-kinds';

type SceneCardProps = {
  entry: EditorScene;
  index: number;
  count: number;
  /** The prefix of the card's element ids, so that the editor can put the focus back after a move. */
  domId: string;
  issues: EditorIssue[];
  /** The editor's state when called (a slide's request reads the storyboard as it is then). */
  latest: () => EditorState;
  dispatch: (action: EditorAction) => void;
  onMove: (id: string, by: -1 | 1) => void;
  onDelete: (id: string) => void;
};

/** One scene: its kind, its slide, the fields of its visual and its narration, and the buttons that move or delete it. */
export const SceneCard = memo(function SceneCard({ entry, index, count, domId, issues, latest, dispatch, onMove, onDelete }: SceneCardProps) {
  const { id, scene } = entry;
  const elements = elementCount(scene);
  const fields = useMemo(() => [...visualFields(scene), narrationField(scene, elements)], [scene, elements]);
  const sceneKey = useMemo(() => JSON.stringify(scene), [scene]);
  const { errors, rest } = useMemo(() => {
    const known = fieldKeys(fields);
    const byField = new Map<string, string>();
    const unplaced: EditorIssue[] = [];
    // An issue goes under its field, or the nearest field that holds it (a solution line for
    // one of its pieces), else at the top of the card.
    const shownAt = (field: string): string | null => {
      for (let key = field; key; key = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '') {
        if (known.has(key)) return key;
      }
      return null;
    };
    for (const issue of issues) {
      const at = issue.field ? shownAt(issue.field) : null;
      if (at) {
        const before = byField.get(at);
        byField.set(at, before ? `${before}; ${issue.message}` : issue.message);
      } else unplaced.push(issue);
    }
    return { errors: byField, rest: unplaced };
  }, [fields, issues]);

  const current = useCallback(() => {
    const now = latest();
    return { storyboard: currentStoryboard(now), index: now.scenes.findIndex((s) => s.id === id) };
  }, [latest, id]);
  const onFrameIssues = useCallback(
    (found: StoryboardIssue[], at: number) => dispatch({ type: 'frame-issues', id, issues: frameIssues(id, found, at) }),
    [dispatch, id],
  );
  const edits = useMemo(
    () => ({
      onSet: (path: Path, value: unknown) => dispatch({ type: 'set', id, path, value }),
      onAdd: (path: Path, added: unknown) => dispatch({ type: 'add-entry', id, path, entry: added }),
      onRemove: (path: Path, at: number) => dispatch({ type: 'remove-entry', id, path, index: at }),
    }),
    [dispatch, id],
  );

  const headingId = `${domId}-heading`;
  return (
    <li className="scene-card card" aria-labelledby={headingId} data-testid="scene-card">
      <header className="scene-card__header">
        <h3 id={headingId} className="scene-card__title" tabIndex={-1}>
          <span className="scene-card__number">Scene {index + 1}</span>
          <span className="badge badge--soft scene-card__kind">{kindLabel(scene.kind)}</span>
        </h3>
        <div className="scene-card__actions" role="group" aria-label={`Scene ${index + 1} actions`}>
          <button id={`${domId}-up`} type="button" className="btn btn--ghost btn--sm" onClick={() => onMove(id, -1)} disabled={index === 0}>
            <Icon name="arrow-left" className="icon--up" /> Move up
          </button>
          <button
            id={`${domId}-down`}
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => onMove(id, 1)}
            disabled={index === count - 1}
          >
            <Icon name="arrow-left" className="icon--down" /> Move down
          </button>
          <button type="button" className="btn btn--ghost btn--sm scene-card__delete" onClick={() => onDelete(id)} disabled={count <= 1}>
            <Icon name="trash" /> Delete scene
          </button>
        </div>
      </header>
      {rest.length > 0 ? (
        <ul className="scene-card__issues" aria-label={`Problems in scene ${index + 1}`}>
          {rest.map((issue, i) => (
            <li key={i}>{issue.field ? `${fieldInWords(issue.field)}: ${issue.message}` : issue.message}</li>
          ))}
        </ul>
      ) : null}
      <div className="scene-card__body">
        <SlideImage current={current} sceneKey={sceneKey} alt={slideAlt(scene, index)} onIssues={onFrameIssues} />
        <div className="scene-card__fields">
          <FieldList fields={fields} scene={scene} errors={errors} {...edits} />
        </div>
      </div>
    </li>
  );
});
