import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useCreateForm, useCreateFormValues } from '@/features/create/hooks/use-create-form';

const schema = z.object({ topic: z.string().min(1, 'Say what.'), minutes: z.number() });

function setup({ availableCredits = 5, isQueued = false } = {}) {
  const generation = { isQueued, jobId: isQueued ? 'j1' : null, reset: vi.fn() };
  const onQueued = vi.fn();
  const hook = renderHook(
    ({ credits, queued }) => {
      const values = useCreateFormValues(schema, { topic: 'Tides', minutes: 5 });
      // As the form's main text field does: only a registered field is reset.
      values.register('topic');
      const form = useCreateForm({
        generation: { ...generation, isQueued: queued, jobId: queued ? 'j1' : null },
        cost: 2,
        availableCredits: credits,
        buyCreditsPath: '/credits',
        onQueued,
        values,
        prompt: 'topic',
      });
      return { values, form };
    },
    { initialProps: { credits: availableCredits as number | null, queued: isQueued } },
  );
  return { ...hook, generation, onQueued };
}

describe('useCreateForm', () => {
  it('hands the order card the balance, whether it is short, where to buy and whether a send runs', () => {
    const { result, rerender } = setup();
    expect(result.current.form.order).toEqual({ cost: 2, availableCredits: 5, short: false, buyCreditsPath: '/credits', submitting: false });
    rerender({ credits: 1, queued: false });
    expect(result.current.form.order.short).toBe(true);
    rerender({ credits: null, queued: false });
    expect(result.current.form.order.short).toBe(false);
  });

  it('sends only when the balance suffices', async () => {
    const { result, rerender } = setup({ availableCredits: 1 });
    const start = vi.fn(() => Promise.resolve());
    await act(() => result.current.form.send(start));
    expect(start).not.toHaveBeenCalled();
    rerender({ credits: 5, queued: false });
    await act(() => result.current.form.send(start));
    expect(start).toHaveBeenCalledOnce();
  });

  it('tells the screen once the job is queued', () => {
    const { rerender, onQueued } = setup();
    expect(onQueued).not.toHaveBeenCalled();
    rerender({ credits: 5, queued: true });
    expect(onQueued).toHaveBeenCalledOnce();
  });

  it('starts over: the banner goes and the main text is emptied to its default', () => {
    const { result, generation } = setup();
    act(() => result.current.values.setValue('topic', 'Waves'));
    act(() => result.current.form.status.onCreateAnother());
    expect(generation.reset).toHaveBeenCalledOnce();
    expect(result.current.values.getValues()).toEqual({ topic: 'Tides', minutes: 5 });
    expect(result.current.form.status.buyCreditsPath).toBe('/credits');
  });
});
