import { useId, type ReactNode } from 'react';
import { LabelledField } from '@/components/ui/labelled-field';

/**
 * A field's id, and the ids of its help and of the server's complaint about it when it has them,
 * with the `aria-describedby` that ties both to it for screen readers.
 */
export function useFieldIds(hasHelp: boolean, error?: string) {
  const id = useId();
  const helpId = hasHelp ? `${id}-help` : null;
  const errorId = error ? `${id}-error` : null;
  return { id, helpId, errorId, describedBy: [helpId, errorId].filter(Boolean).join(' ') || undefined };
}

/** A field's help or error under it, with the id its `aria-describedby` names; nothing without an id. */
export function FieldNote({ id, kind, children }: { id: string | null; kind: 'help' | 'error'; children: ReactNode }) {
  return id ? (
    <p id={id} className={`editor-field__${kind}`}>
      {children}
    </p>
  ) : null;
}

type TextControlProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's complaint about this field, shown under it. */
  error?: string;
  rows?: number;
  optional?: boolean;
  style?: 'math' | 'code';
};

const MATH_HELP = 'Typst math, e.g. x^2 + 3x = 0, frac(a, b), sqrt(x)';

/** One labelled text of a scene: an input, or a text area with `rows`; its error is tied to it for screen readers. */
export function TextControl({ label, value, onChange, error, rows, optional = false, style }: TextControlProps) {
  const { id, helpId, errorId, describedBy } = useFieldIds(style === 'math', error);
  const common = {
    id,
    value,
    className: `text-input editor-field__input${style ? ` editor-field__input--${style}` : ''}`,
    spellCheck: style ? false : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <LabelledField
      block="editor-field"
      id={id}
      label={
        <>
          {label}
          {optional ? <span className="editor-field__optional"> (optional)</span> : null}
        </>
      }
    >
      {rows ? (
        <textarea
          {...common}
          rows={rows}
          onChange={(e) => onChange(style === 'code' ? e.target.value : e.target.value.replace(/\s*\n\s*/g, ' '))}
        />
      ) : (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
      <FieldNote id={helpId} kind="help">
        {MATH_HELP}
      </FieldNote>
      <FieldNote id={errorId} kind="error">
        {error}
      </FieldNote>
    </LabelledField>
  );
}

type ChoiceControlProps = {
  label: string;
  value: number;
  choices: string[];
  onChange: (value: number) => void;
  error?: string;
};

/** A labelled drop-down that stores the index of the chosen text. */
export function ChoiceControl({ label, value, choices, onChange, error }: ChoiceControlProps) {
  const { id, errorId, describedBy } = useFieldIds(false, error);
  return (
    <LabelledField block="editor-field" id={id} label={label}>
      <select
        id={id}
        className="text-input editor-field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {choices.map((choice, i) => (
          <option key={i} value={i}>
            {choice}
          </option>
        ))}
      </select>
      <FieldNote id={errorId} kind="error">
        {error}
      </FieldNote>
    </LabelledField>
  );
}
