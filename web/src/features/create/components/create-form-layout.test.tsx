import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, type FormEventHandler } from 'react';
import { useForm } from 'react-hook-form';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CreateFormLayout } from '@/features/create/components/create-form-layout';

function Layout({ onSubmit }: { onSubmit: FormEventHandler<HTMLFormElement> }) {
  const { control, clearErrors } = useForm({ defaultValues: { text: '' } });
  const statusRef = useRef<HTMLDivElement>(null);
  return (
    <CreateFormLayout
      form={{
        statusRef,
        prompt: { control, name: 'text', clearErrors },
        order: { cost: 1, availableCredits: 5, short: false, buyCreditsPath: '/credits', submitting: false },
      }}
      status={<p>Status</p>}
      label="Create a thing"
      onSubmit={onSubmit}
      prompt={{ label: 'Prompt', maxLength: 10, placeholder: '', help: 'Help', examples: ['An example'], examplesLabel: 'Examples' }}
      order={{ noun: 'thing', features: [], shortMessage: '', submitLabel: 'Order' }}
      options={<p>Options</p>}
    />
  );
}

describe('CreateFormLayout', () => {
  it('puts the status above a named form of prompt, order and options cards', () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const { container } = render(
      <MemoryRouter>
        <Layout onSubmit={onSubmit} />
      </MemoryRouter>,
    );
    expect(container.firstElementChild?.firstElementChild).toHaveTextContent('Status');
    const form = screen.getByRole('form', { name: 'Create a thing' });
    expect(form).toHaveAttribute('novalidate');
    expect(screen.getByLabelText('Prompt').closest('.form-card')).toHaveClass('form-card--prompt');
    expect(screen.getByText('Options').parentElement).toHaveClass('form-card', 'form-card--options');
    expect([...form.children].map((card) => card.className)).toEqual([
      'card form-card form-card--prompt',
      'card order-card',
      'card form-card form-card--options',
    ]);
    fireEvent.click(screen.getByRole('button', { name: /Order/ }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('binds the prompt to its form field and the order card to the order', () => {
    render(
      <MemoryRouter>
        <Layout onSubmit={(e) => e.preventDefault()} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'An example' }));
    expect(screen.getByLabelText('Prompt')).toHaveValue('An example');
    expect(screen.getByTestId('thing-cost')).toHaveTextContent('1 credit');
    expect(screen.getByRole('complementary', { name: 'Your thing' })).toHaveTextContent('5 credits');
  });
});
