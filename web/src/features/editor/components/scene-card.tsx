import { useMemo } from 'react';
import { Icon } from '@/components/ui/icon';
import type { Scene, Storyboard } from '@/features/editor/api/contract';
import { FieldList, type FieldEdits } from '@/features/editor/components/field-list';
import { SlideImage } from '@/features/editor/components/slide-image';
import type { EditorIssue } from '@/features/editor/lib/editor-state';
import type { StoryboardIssue } from '@/features/editor/lib/field-errors';
import { fieldKeys, narrationField, visualFields } from '@/features/editor/lib/scene-fields';
import { elementCount, kindLabel, slideAlt } from '@/features/editor/lib/scene-kinds';

type SceneCardProps = FieldEdits & {
  scene: Scene;
  index: number;
  count: number;
  /** Ids of the card's heading and move buttons, so the editor can put the focus back after a move. */
  domId: string;
  issues: EditorIssue[];
  current: () => { storyboard: Storyboard; index: number };
  onFrameIssues: (issues: StoryboardIssue[], index: number) => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
};

/** One scene: its kind, its slide, the fields of its visual and its narration, and the buttons that move or delete it. */
export function SceneCard({
  scene,
  index,
  count,
  domId,
  issues,
  current,
  onFrameIssues,
  onMove,
  onDelete,
  ...edits
}: SceneCardProps) {
  const elements = elementCount(scene);
  const fields = useMemo(() => [...visualFields(scene), narrationField(scene, elements)], [scene, elements]);
  const sceneKey = useMemo(() => JSON.stringify(scene), [scene]);
  const { errors, rest } = useMemo(() => {
    const known = fieldKeys(fields);
    const byField = new Map<string, string>();
    const unplaced: EditorIssue[] = [];
    for (const issue of issues) {
      if (issue.field && known.has(issue.field)) {
        const before = byField.get(issue.field);
        byField.set(issue.field, before ? `${before}; ${issue.message}` : issue.message);
      } else unplaced.push(issue);
    }
    return { errors: byField, rest: unplaced };
  }, [fields, issues]);
  const label = kindLabel(scene.kind);
  const headingId = `${domId}-heading`;
  const restId = `${domId}-issues`;

  return (
    <li className="scene-card card" aria-labelledby={headingId} data-testid="scene-card">
      <header className="scene-card__header">
        <h3 id={headingId} className="scene-card__title" tabIndex={-1}>
          <span className="scene-card__number">Scene {index + 1}</span>
          <span className="badge badge--soft scene-card__kind">{label}</span>
        </h3>
        <div className="scene-card__actions" role="group" aria-label={`Scene ${index + 1} actions`}>
          <button id={`${domId}-up`} type="button" className="btn btn--ghost btn--sm" onClick={() => onMove(-1)} disabled={index === 0}>
            <Icon name="arrow-left" className="icon--up" /> Move up
          </button>
          <button
            id={`${domId}-down`}
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => onMove(1)}
            disabled={index === count - 1}
          >
            <Icon name="arrow-left" className="icon--down" /> Move down
          </button>
          <button type="button" className="btn btn--ghost btn--sm scene-card__delete" onClick={onDelete} disabled={count <= 1}>
            <Icon name="trash" /> Delete scene
          </button>
        </div>
      </header>
      {rest.length > 0 ? (
        <ul id={restId} className="scene-card__issues" aria-label={`Problems in scene ${index + 1}`}>
          {rest.map((issue, i) => (
            <li key={i}>{issue.field ? `${issue.field}: ${issue.message}` : issue.message}</li>
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
}
