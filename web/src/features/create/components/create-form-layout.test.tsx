import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CreateFormLayout } from '@/features/create/components/create-form-layout';

describe('CreateFormLayout', () => {
  it('puts the status above a named form of prompt, order and options cards', () => {
    const statusRef = createRef<HTMLDivElement>();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <CreateFormLayout
        form={{ statusRef }}
        status={<p>Status</p>}
        label="Create a thing"
        onSubmit={onSubmit}
        prompt={<p>Prompt</p>}
        order={<button type="submit">Order</button>}
        options={<p>Options</p>}
      />,
    );
    expect(statusRef.current).toHaveTextContent('Status');
    const form = screen.getByRole('form', { name: 'Create a thing' });
    expect(form).toHaveAttribute('novalidate');
    expect(screen.getByText('Prompt').parentElement).toHaveClass('form-card', 'form-card--prompt');
    expect(screen.getByText('Options').parentElement).toHaveClass('form-card', 'form-card--options');
    expect(form.textContent).toBe('PromptOrderOptions');
    fireEvent.click(screen.getByRole('button', { name: 'Order' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
