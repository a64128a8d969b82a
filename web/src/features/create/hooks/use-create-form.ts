import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, type DefaultValues, type FieldPathByValue, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { Generation } from '@/features/create/hooks/use-generation';

/** What the create screen gives each of its forms. */
export type CreateFormProps = {
  userId: string | null;
  /** The balance as the credits feature reports it; null while it is loading. */
  availableCredits: number | null;
  buyCreditsPath: string;
  /** Runs once the server accepted the job (the balance changed). */
  onQueued?: () => void;
};

/**
 * A create form's values, checked by `schema` on submit; an error shows from a submit until
 * its field changes, as it did before the form library.
 */
export function useCreateFormValues<V extends FieldValues>(schema: z.ZodType<V, V>, defaultValues: DefaultValues<V>): UseFormReturn<V> {
  return useForm<V>({ resolver: zodResolver(schema), defaultValues, reValidateMode: 'onSubmit' });
}

type CreateFormOptions<V extends FieldValues> = Omit<CreateFormProps, 'userId'> & {
  generation: Pick<Generation<unknown, unknown>, 'isQueued' | 'jobId' | 'reset'>;
  cost: number;
  values: Pick<UseFormReturn<V>, 'control' | 'clearErrors' | 'resetField' | 'setFocus'>;
  /** The form's main text: emptied and focused to create another. */
  prompt: FieldPathByValue<V, string>;
};

/**
 * What the create forms share: the balance check, one send at a time, the status scrolled into
 * view, onQueued, and starting over; `prompt`, `order` and `status` are the main text's (FormPrompt),
 * the order card's and the status banner's shared props.
 */
export function useCreateForm<V extends FieldValues>({
  generation,
  cost,
  availableCredits,
  buyCreditsPath,
  onQueued,
  values,
  prompt,
}: CreateFormOptions<V>) {
  const [submitting, setSubmitting] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const short = availableCredits !== null && availableCredits < cost;

  const onQueuedRef = useRef(onQueued);
  onQueuedRef.current = onQueued;
  const { isQueued, jobId } = generation;
  useEffect(() => {
    if (isQueued) onQueuedRef.current?.();
  }, [isQueued, jobId]);

  /** Runs `start` unless the balance is short or a send is under way. */
  const send = async (start: () => Promise<void>) => {
    if (short || submitting) return;
    setSubmitting(true);
    requestAnimationFrame(() => statusRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' }));
    try {
      await start();
    } finally {
      setSubmitting(false);
    }
  };

  /** Create another: the banner goes, the main text is emptied and focused; the options stay. */
  const startOver = () => {
    generation.reset();
    values.resetField(prompt);
    values.setFocus(prompt);
  };

  /**
   * After a failure or a cancel: the banner goes and the text stays, focused, so the person
   * can change what the error named instead of typing it all again (issue 54).
   */
  const tryAgain = () => {
    generation.reset();
    values.setFocus(prompt);
  };

  return {
    short,
    submitting,
    statusRef,
    send,
    prompt: { control: values.control, name: prompt, clearErrors: values.clearErrors },
    order: { cost, availableCredits, short, buyCreditsPath, submitting },
    status: { buyCreditsPath, onCreateAnother: startOver, onTryAgain: tryAgain },
  };
}

export type CreateFormState = ReturnType<typeof useCreateForm>;
