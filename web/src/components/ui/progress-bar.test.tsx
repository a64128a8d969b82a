import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from '@/components/ui/progress-bar';

const fill = (bar: HTMLElement) => bar.firstElementChild as HTMLElement;

describe('ProgressBar', () => {
  it('is a named progressbar from 0 to 100 by default, filled as far as the value', () => {
    render(<ProgressBar className="track" label="Generation progress" value={42} />);
    const bar = screen.getByRole('progressbar', { name: 'Generation progress' });
    expect(bar).toHaveClass('track');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(fill(bar).style.width).toBe('42%');
    expect(fill(bar)).not.toHaveAttribute('class');
    expect(bar).not.toHaveAttribute('data-testid');
  });

  it('keeps a percentage as it is', () => {
    render(<ProgressBar className="track" label="p" value={33.3} />);
    expect(fill(screen.getByRole('progressbar')).style.width).toBe('33.3%');
  });

  it('shows at least the least width, so that a start is visible', () => {
    render(<ProgressBar className="track" label="p" value={0} minPercent={3} fillClassName="track__fill" testId="bar" />);
    const bar = screen.getByTestId('bar');
    expect(fill(bar)).toHaveClass('track__fill');
    expect(fill(bar).style.width).toBe('3%');
    expect(bar).toHaveAttribute('aria-valuenow', '0');
  });

  it('counts out of another maximum, and an empty one as nothing done', () => {
    const { rerender } = render(<ProgressBar className="track" label="Lessons" value={1} max={4} />);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuemax', '4');
    expect(fill(bar).style.width).toBe('25%');
    rerender(<ProgressBar className="track" label="Lessons" value={0} max={0} />);
    expect(fill(screen.getByRole('progressbar')).style.width).toBe('0%');
  });
});
