import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from '@/components/ui/status-badge';

describe('StatusBadge', () => {
  it('names the state in its tone, with a hidden dot while the work runs', () => {
    render(<StatusBadge block="queue-badge" tone="processing" label="Processing" live testId="state" />);
    const badge = screen.getByTestId('state');
    expect(badge).toHaveClass('queue-badge', 'queue-badge--processing');
    expect(badge).toHaveTextContent('Processing');
    const dot = badge.querySelector('.queue-badge__dot');
    expect(dot).toHaveAttribute('aria-hidden', 'true');
  });

  it('has no dot once the work has ended', () => {
    render(<StatusBadge block="lesson-badge" tone="completed" label="Ready" live={false} testId="state" />);
    const badge = screen.getByTestId('state');
    expect(badge).toHaveClass('lesson-badge', 'lesson-badge--completed');
    expect(badge.querySelector('.lesson-badge__dot')).toBeNull();
  });
});
