import { useEffect, useRef, useState } from 'react';
import type { Generation } from '@/features/create/hooks/use-generation';

type CreateFormOptions = {
  generation: Pick<Generation<unknown, unknown>, 'isQueued' | 'jobId'>;
  cost: number;
  /** The balance as the credits feature reports it; null while it is loading. */
  availableCredits: number | null;
  /** Runs once the server accepted the job (the balance changed). */
  onQueued?: () => void;
};

/** What the create forms share: the balance check, one send at a time, the status scrolled into view, onQueued. */
export function useCreateForm({ generation, cost, availableCredits, onQueued }: CreateFormOptions) {
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

  return { short, submitting, statusRef, send };
}
