import { useId, type ComponentProps, type ComponentType } from 'react';
import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
  type UseFormClearErrors,
} from 'react-hook-form';
import { LabelledField } from '@/components/ui/labelled-field';
import { PromptField } from '@/features/create/components/prompt-field';

/** A field component's props that show and change one value. */
type Editor = { value: unknown; onChange: (value: never) => void };

type FormFieldProps<V extends FieldValues, P extends Editor> = {
  control: Control<V>;
  name: FieldPathByValue<V, P['value']>;
  /** The component that shows and edits the value (LevelOptions, RangeField, SwitchField, ...). */
  as: ComponentType<P>;
} & Omit<P, keyof Editor>;

/** `as`, bound to the form's field `name`: it shows the field's value and stores every change. */
export function FormField<V extends FieldValues, P extends Editor>({ control, name, as: Editor, ...props }: FormFieldProps<V, P>) {
  const { field } = useController({ control, name });
  const editorProps = { ...props, value: field.value, onChange: field.onChange } as unknown as P;
  return <Editor {...editorProps} />;
}

/** What binds the main text to its form field (useCreateForm's `prompt`). */
export type PromptBinding<V extends FieldValues> = {
  control: Control<V>;
  name: FieldPathByValue<V, string>;
  clearErrors: UseFormClearErrors<V>;
};

/** The main text's words: its label, limit, help and examples. */
export type PromptText = Omit<ComponentProps<typeof PromptField>, 'value' | 'error' | 'onChange' | 'ref'>;

type FormPromptProps<V extends FieldValues> = PromptBinding<V> & PromptText;

/** The form's main text (PromptField) bound to its field: focusable, with its error until the text changes. */
export function FormPrompt<V extends FieldValues>({ control, name, clearErrors, ...props }: FormPromptProps<V>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <PromptField
      {...props}
      ref={field.ref}
      value={field.value as string}
      error={fieldState.error?.message ?? null}
      onChange={(value) => {
        field.onChange(value);
        clearErrors(name);
      }}
    />
  );
}

type FormSelectProps<V extends FieldValues> = {
  control: Control<V>;
  name: FieldPathByValue<V, string>;
  label: string;
  options: readonly { value: string; label: string }[];
};

/** A labelled drop-down bound to a text field of the form. */
export function FormSelect<V extends FieldValues>({ control, name, label, options }: FormSelectProps<V>) {
  const id = useId();
  const { field } = useController({ control, name });
  return (
    <LabelledField block="field" id={id} label={label}>
      <select id={id} className="text-input field__input" {...field}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}
