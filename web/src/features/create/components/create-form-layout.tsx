import type { FormEventHandler, ReactNode, RefObject } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormPrompt, type PromptBinding, type PromptText } from '@/features/create/components/form-fields';
import { OrderCard, type OrderState, type OrderText } from '@/features/create/components/order-card';

type CreateFormLayoutProps<V extends FieldValues> = {
  /** useCreateForm's state: where the status is, the main text's field and the order. */
  form: { statusRef: RefObject<HTMLDivElement | null>; prompt: PromptBinding<V>; order: OrderState };
  /** The generation's banner (GenerationStatus), scrolled into view on submit. */
  status: ReactNode;
  /** The form's accessible name. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The main text (first on a phone), bound to the form's prompt field. */
  prompt: PromptText;
  /** What follows the main text in its card (the create-problem screen's reading of it). */
  afterPrompt?: ReactNode;
  /** The order card with the submit button; its cost and balance come from `form`. */
  order: OrderText;
  options: ReactNode;
};

/** The frame of a create form: the status banner above, then the prompt, order and options cards. */
export function CreateFormLayout<V extends FieldValues>({ form, status, label, onSubmit, prompt, afterPrompt, order, options }: CreateFormLayoutProps<V>) {
  return (
    <div className="create-lesson">
      <div ref={form.statusRef}>{status}</div>
      <form className="create-lesson__grid create-lesson__grid--split" onSubmit={onSubmit} noValidate aria-label={label}>
        <div className="card form-card form-card--prompt">
          <FormPrompt {...form.prompt} {...prompt} />
          {afterPrompt}
        </div>
        <OrderCard {...form.order} {...order} />
        <div className="card form-card form-card--options">{options}</div>
      </form>
    </div>
  );
}
