import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { clearDraft, readDraft, writeDraft } from '@/lib/drafts';
import { useForm, type DefaultValues, type FieldPathByValue, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { Generation } from '@/features/create/hooks/use-generation';
import type { SourcesOffer } from '@/features/create/components/sources-chooser';

/** What the create screen gives each of its forms. */
export type CreateFormProps = {
  userId: string | null;
  /** The balance as the credits feature reports it; null while it is loading. */
  availableCredits: number | null;
  buyCreditsPath: string;
  /** Runs once the server accepted the job (the balance changed). */
  onQueued?: () => void;
  /** The learner's documents, for a form that can work from them (the explainer video's, the course's and the solution's). */
  sources?: SourcesOffer;
};

/** The same kind of value: the same type, and a list only where a list was (the chosen sources). */
const sameKind = (value: unknown, known: unknown) =>
  typeof value === typeof known && Array.isArray(value) === Array.isArray(known) && (value === null) === (known === null);

/** The fields of a stored draft that still fit the form: known names holding values of the same kind. */
function fitting<V extends FieldValues>(draft: unknown, defaults: DefaultValues<V>): Partial<V> {
  if (typeof draft !== 'object' || draft === null) return {};
  const known = defaults as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(draft).filter(([name, value]) => name in known && sameKind(value, known[name])),
  ) as Partial<V>;
}

/**
 * A create form's values, checked by `schema` on submit; an error shows from a submit until
 * its field changes, as it did before the form library. With a `draft` key, what is typed is
 * kept on this device as it changes and comes back when the form is opened again (issue 54:
 * Back from the preview, a reload), until the job is queued.
 */
export function useCreateFormValues<V extends FieldValues>(
  schema: z.ZodType<V, V>,
  defaultValues: DefaultValues<V>,
  draft: string | null = null,
): UseFormReturn<V> {
  const [initial] = useState(() => ({ ...defaultValues, ...(draft ? fitting(readDraft(draft), defaultValues) : {}) }) as DefaultValues<V>);
  const form = useForm<V>({ resolver: zodResolver(schema), defaultValues: initial, reValidateMode: 'onSubmit' });
  const { watch } = form;
  useEffect(() => {
    if (!draft) return undefined;
    const subscription = watch((values) => writeDraft(draft, values));
    return () => subscription.unsubscribe();
  }, [watch, draft]);
  return form;
}

type CreateFormOptions<V extends FieldValues> = Omit<CreateFormProps, 'userId'> & {
  generation: Pick<Generation<unknown, unknown>, 'isQueued' | 'jobId' | 'reset'>;
  cost: number;
  values: Pick<UseFormReturn<V>, 'control' | 'clearErrors' | 'resetField' | 'setFocus'>;
  /** The form's main text: emptied and focused to create another. */
  prompt: FieldPathByValue<V, string>;
  /** The draft key the values are kept under (useCreateFormValues): forgotten once the job is queued. */
  draft?: string | null;
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
  draft = null,
}: CreateFormOptions<V>) {
  const [submitting, setSubmitting] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const short = availableCredits !== null && availableCredits < cost;

  const onQueuedRef = useRef(onQueued);
  onQueuedRef.current = onQueued;
  const { isQueued, jobId } = generation;
  useEffect(() => {
    if (!isQueued) return;
    // The work is with the server now: the draft has done its job.
    if (draft) clearDraft(draft);
    onQueuedRef.current?.();
  }, [isQueued, jobId, draft]);

  /** Runs `start` unless the balance is short or a send is under way. */
  const send = async (start: () => Promise<void>) => {
    if (short || submitting) return;
    setSubmitting(true);
    requestAnimationFrame(() => statusRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'nearest' }));
    try {
      await start();
    } finally {
      setSubmitting(false);
      // The disabled Generate button let the focus fall to the page: it goes to the banner's
      // heading, which says what happens now (issue 54).
      requestAnimationFrame(() => statusRef.current?.querySelector<HTMLElement>('#gen-status-title')?.focus({ preventScroll: true }));
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
