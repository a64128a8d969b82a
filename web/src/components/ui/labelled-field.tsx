import type { ReactNode } from 'react';

type LabelledFieldProps = {
  /** The block its classes are named from: `field` in the create forms, `editor-field` in the storyboard editor. */
  block: 'field' | 'editor-field';
  /** The control's id, which the label names. */
  id: string;
  label: ReactNode;
  /** The control, then its help and error. */
  children: ReactNode;
};

/** A form field: its label, tied to the control by `id`, above the control and its notes. */
export function LabelledField({ block, id, label, children }: LabelledFieldProps) {
  return (
    <div className={block}>
      <label htmlFor={id} className={`${block}__label`}>
        {label}
      </label>
      {children}
    </div>
  );
}
