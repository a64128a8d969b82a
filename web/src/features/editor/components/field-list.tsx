import { useRef } from 'react';
import { Icon } from '@/components/ui/icon';
import type { Scene } from '@/features/editor/api/contract';
import { ChoiceControl, FieldNote, TextControl, useFieldIds } from '@/features/editor/components/field-controls';
import { getIn, pathKey, type Path } from '@/features/editor/lib/json-path';
import type { Field, ListField } from '@/features/editor/lib/scene-fields';

export type FieldEdits = {
  onSet: (path: Path, value: unknown) => void;
  onAdd: (path: Path, entry: unknown) => void;
  onRemove: (path: Path, index: number) => void;
};

type FieldListProps = FieldEdits & {
  fields: Field[];
  scene: Scene;
  /** The server's complaints by field path ("steps.0.math"). */
  errors: ReadonlyMap<string, string>;
};

/** A scene's fields as labelled controls, lists with their add and remove buttons. */
export function FieldList({ fields, ...props }: FieldListProps) {
  return (
    <>
      {fields.map((field) => (
        <FieldView key={pathKey(field.path)} field={field} {...props} />
      ))}
    </>
  );
}

function FieldView({ field, scene, errors, ...edits }: Omit<FieldListProps, 'fields'> & { field: Field }) {
  const error = errors.get(pathKey(field.path));
  const value = getIn(scene, field.path);
  switch (field.type) {
    case 'text':
      return (
        <TextControl
          label={field.label}
          value={typeof value === 'string' ? value : ''}
          rows={field.rows}
          style={field.style}
          optional={field.nullable}
          error={error}
          onChange={(text) => edits.onSet(field.path, field.nullable && text.trim() === '' ? null : text)}
        />
      );
    case 'line': {
      const pieces = Array.isArray(value) ? (value as { math?: unknown }[]) : [];
      const maths = pieces.map((piece) => (typeof piece.math === 'string' ? piece.math : ''));
      // One piece is shown as it is (a space being typed at its end stays); several are joined.
      const line = maths.length === 1 ? maths[0]! : maths.map((math) => math.trim()).join(' ');
      return (
        <TextControl
          label={field.label}
          value={line}
          style="math"
          error={error}
          onChange={(text) => {
            if (text !== line) edits.onSet(field.path, [{ math: text, highlight: false }]);
          }}
        />
      );
    }
    case 'choice':
      return (
        <ChoiceControl
          label={field.label}
          value={typeof value === 'number' ? value : 0}
          choices={field.choices}
          error={error}
          onChange={(index) => edits.onSet(field.path, index)}
        />
      );
    case 'list':
      return <ListGroup field={field} scene={scene} errors={errors} error={error} {...edits} />;
  }
}

const focusable = 'input, textarea, select';

function ListGroup({
  field,
  scene,
  errors,
  error,
  ...edits
}: Omit<FieldListProps, 'fields'> & { field: ListField; error: string | undefined }) {
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const { entries, make, min, max, noun } = field;
  const { helpId, errorId, describedBy } = useFieldIds(Boolean(field.help), error);

  const add = () => {
    if (!make) return;
    edits.onAdd(field.path, make());
    // The new entry's first box takes the focus once it is drawn.
    setTimeout(() => listRef.current?.lastElementChild?.querySelector<HTMLElement>(focusable)?.focus(), 0);
  };
  const remove = (index: number) => {
    edits.onRemove(field.path, index);
    setTimeout(() => {
      const entry = listRef.current?.children[Math.max(0, index - 1)];
      (entry?.querySelector<HTMLElement>(focusable) ?? addRef.current)?.focus();
    }, 0);
  };

  return (
    <fieldset className="editor-list" aria-describedby={describedBy}>
      <legend className="editor-list__legend">{field.label}</legend>
      <FieldNote id={helpId} kind="help">
        {field.help}
      </FieldNote>
      <FieldNote id={errorId} kind="error">
        {error}
      </FieldNote>
      <ol ref={listRef} className="editor-list__entries">
        {entries.map((entryFields, index) => (
          <li key={index} className="editor-list__entry">
            <div className="editor-list__fields">
              <FieldList fields={entryFields} scene={scene} errors={errors} {...edits} />
            </div>
            {make ? (
              <button
                type="button"
                className="btn btn--ghost btn--sm editor-list__remove"
                onClick={() => remove(index)}
                disabled={entries.length <= min}
                title={`Remove ${noun} ${index + 1}`}
              >
                <Icon name="trash" />
                <span className="visually-hidden">
                  Remove {noun} {index + 1}
                </span>
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {make ? (
        <button ref={addRef} type="button" className="btn btn--secondary btn--sm editor-list__add" onClick={add} disabled={entries.length >= max}>
          <Icon name="plus" /> Add {noun}
        </button>
      ) : null}
    </fieldset>
  );
}
