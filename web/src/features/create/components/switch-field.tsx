type SwitchFieldProps = {
  label: string;
  help: string;
  /** On or off. */
  value: boolean;
  onChange: (value: boolean) => void;
};

/** An on/off option with its label and what it does. */
export function SwitchField({ label, help, value, onChange }: SwitchFieldProps) {
  return (
    <label className="switch-field">
      <input type="checkbox" role="switch" checked={value} onChange={(e) => onChange(e.target.checked)} />
      <span className="switch" aria-hidden="true" />
      <span>
        <span className="switch-field__label">{label}</span>
        <span className="switch-field__help">{help}</span>
      </span>
    </label>
  );
}
