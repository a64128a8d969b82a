import { useId, type Ref } from 'react';
import { LabelledField } from '@/components/ui/labelled-field';
import { typedTextProblem } from '@/features/create/lib/too-long';
import { characterCount, formatCount } from '@/lib/typed-text';

type PromptFieldProps = {
  label: string;
  value: string;
  error: string | null;
  /** Called with the new text; the form clears its error there. */
  onChange: (value: string) => void;
  ref?: Ref<HTMLTextAreaElement>;
  maxLength: number;
  /** The text area's height in lines; 3 unless said. */
  rows?: number;
  placeholder: string;
  help: string;
  examples: readonly string[];
  examplesLabel: string;
  /** Mathematics: no spell check, and the input and chips in the formula style. */
  math?: boolean;
};

/** The main text of a create form: its help, a character count, the error and example chips. */
export function PromptField({
  label,
  value,
  error,
  onChange,
  ref,
  maxLength,
  rows = 3,
  placeholder,
  help,
  examples,
  examplesLabel,
  math = false,
}: PromptFieldProps) {
  const id = useId();
  // What the browser can tell shows as it is typed, not only after a submit (issue 54).
  const shown = error ?? typedTextProblem(value, maxLength);
  const length = characterCount(value);
  const over = length > maxLength;
  return (
    <LabelledField block="field" id={id} label={label}>
      <textarea
        id={id}
        ref={ref}
        className={`text-input field__input field__input--area${math ? ' field__input--math' : ''}`}
        rows={rows}
        value={value}
        spellCheck={math ? false : undefined}
        placeholder={placeholder}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-help${shown ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(e.target.value)}
      />
      <div className="field__row">
        <p id={`${id}-help`} className="field__help">
          {help}
        </p>
        <span className={`field__count${over ? ' field__count--over' : ''}`} aria-hidden="true" data-testid="field-count">
          {formatCount(length)}/{formatCount(maxLength)}
        </span>
      </div>
      {shown ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {shown}
        </p>
      ) : null}
      <div className="example-chips" aria-label={examplesLabel} role="group">
        {examples.map((example) => (
          <button
            key={example}
            type="button"
            className={`example-chip${math ? ' example-chip--math' : ''}`}
            onClick={() => onChange(example)}
          >
            {example}
          </button>
        ))}
      </div>
    </LabelledField>
  );
}
