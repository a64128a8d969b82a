import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormField, FormPrompt, FormSelect } from '@/features/create/components/form-fields';
import { LevelOptions } from '@/features/create/components/level-options';
import { SwitchField } from '@/features/create/components/switch-field';

type Values = { topic: string; subject: string; level: 1 | 2 | 3; subtitles: boolean };

const defaults: Values = { topic: '', subject: 'math', level: 2, subtitles: true };

const levels = [
  { value: 1, label: 'Beginner', hint: 'No background' },
  { value: 2, label: 'Intermediate', hint: 'The basics' },
  { value: 3, label: 'Advanced', hint: 'In depth' },
] as const;

function setup() {
  const { result } = renderHook(() => useForm<Values>({ defaultValues: defaults }));
  const form = result.current;
  render(
    <form>
      <FormPrompt
        control={form.control}
        name="topic"
        clearErrors={form.clearErrors}
        label="Topic"
        rows={3}
        maxLength={20}
        placeholder="e.g. Tides"
        help="What to explain."
        examples={['Tides']}
        examplesLabel="Example topics"
      />
      <FormSelect
        control={form.control}
        name="subject"
        label="Subject"
        options={[
          { value: 'math', label: 'Mathematics' },
          { value: 'physics', label: 'Physics' },
        ]}
      />
      <FormField control={form.control} name="level" as={LevelOptions} legend="Level" options={levels} />
      <FormField control={form.control} name="subtitles" as={SwitchField} label="Subtitles" help="Adds subtitles." />
    </form>,
  );
  return form;
}

describe('form fields bound to the form', () => {
  it('show the form values and store every change', async () => {
    const form = setup();
    expect(screen.getByLabelText('Subject')).toHaveValue('math');
    expect(screen.getByRole('radio', { name: /Intermediate/ })).toBeChecked();
    expect(screen.getByRole('switch')).toBeChecked();

    await userEvent.type(screen.getByLabelText('Topic'), 'Waves');
    await userEvent.selectOptions(screen.getByLabelText('Subject'), 'physics');
    await userEvent.click(screen.getByRole('radio', { name: /Advanced/ }));
    await userEvent.click(screen.getByRole('switch'));
    expect(form.getValues()).toEqual({ topic: 'Waves', subject: 'physics', level: 3, subtitles: false });
    expect(screen.getByRole('radio', { name: /Advanced/ })).toBeChecked();
  });

  it('shows the main text’s error until the text changes, and lets the form focus it', async () => {
    const form = setup();
    act(() => form.setError('topic', { message: 'Describe the topic.' }));
    expect(await screen.findByText('Describe the topic.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Topic'), 'T');
    expect(screen.queryByText('Describe the topic.')).toBeNull();
    act(() => form.setFocus('topic'));
    expect(screen.getByLabelText('Topic')).toHaveFocus();
  });

  it('fills the main text with an example', async () => {
    const form = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Tides' }));
    expect(form.getValues('topic')).toBe('Tides');
  });
});
