import { useId } from 'react';

type RangeFieldProps = {
  label: string;
  value: number;
  /** The value as the field shows it, e.g. "5 min". */
  display: string;
  /** The value as a screen reader says it. */
  valueText: string;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
  help: string;
};

/** A slider with its label, its current value beside the label and a help line under it. */
export function RangeField({ label, value, display, valueText, min, max, step, onChange, help }: RangeFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <div className="field__row">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        <output htmlFor={id} className="field__value">
          {display}
        </output>
      </div>
      <input
        id={id}
        type="range"
        className="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={valueText}
        onChange={(e) => onChange(Number(e.target.value))}
      />
      <p className="field__help">{help}</p>
    </div>
  );
}

export const minuteWord = (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`;

type DurationFieldProps = Pick<RangeFieldProps, 'value' | 'min' | 'max' | 'onChange' | 'help'>;

/** The length of the video in whole minutes. */
export function DurationField(props: DurationFieldProps) {
  return <RangeField label="Length" display={`${props.value} min`} valueText={minuteWord(props.value)} step={1} {...props} />;
}
