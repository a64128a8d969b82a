import type { FormEventHandler, ReactNode } from 'react';
import type { CreateFormState } from '@/features/create/hooks/use-create-form';

type CreateFormLayoutProps = {
  form: Pick<CreateFormState, 'statusRef'>;
  /** The generation's banner (GenerationStatus), scrolled into view on submit. */
  status: ReactNode;
  /** The form's accessible name. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The main text (first on a phone), the order card with the submit button, then the options. */
  prompt: ReactNode;
  order: ReactNode;
  options: ReactNode;
};

/** The frame of a create form: the status banner above, then the prompt, order and options cards. */
export function CreateFormLayout({ form, status, label, onSubmit, prompt, order, options }: CreateFormLayoutProps) {
  return (
    <div className="create-lesson">
      <div ref={form.statusRef}>{status}</div>
      <form className="create-lesson__grid create-lesson__grid--split" onSubmit={onSubmit} noValidate aria-label={label}>
        <div className="card form-card form-card--prompt">{prompt}</div>
        {order}
        <div className="card form-card form-card--options">{options}</div>
      </form>
    </div>
  );
}
