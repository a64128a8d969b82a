import { useId } from 'react';

type LevelOption<T> = { value: T; label: string; hint: string };

type LevelOptionsProps<T extends number> = {
  legend: string;
  /** Said under the legend, and read with the group. */
  help?: string;
  options: readonly LevelOption<T>[];
  value: T;
  onChange: (value: T) => void;
};

/** A row of radio cards, each with its label and a hint: a lesson's level, a solution's or a course's detail. */
export function LevelOptions<T extends number>({ legend, help, options, value, onChange }: LevelOptionsProps<T>) {
  const name = useId();
  const helpId = useId();
  return (
    <fieldset className="field" aria-describedby={help ? helpId : undefined}>
      <legend className="field__label">{legend}</legend>
      {help ? (
        <p id={helpId} className="field__help">
          {help}
        </p>
      ) : null}
      <div className="level-options">
        {options.map((option) => (
          <label key={option.value} className="level-option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span className="level-option__box">
              <span className="level-option__label">{option.label}</span>
              <span className="level-option__hint">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
