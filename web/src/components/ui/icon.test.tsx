import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon } from '@/components/ui/icon';

describe('Icon', () => {
  it('draws its shapes in order, hidden from assistive technology', () => {
    const { container } = render(<Icon name="alert" className="alert__icon" />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveClass('icon', 'alert__icon');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg?.innerHTML).toBe('<circle cx="12" cy="12" r="9"></circle><path d="M12 7.5v5.5M12 16.5v.01"></path>');
  });

  it('draws rectangles and single paths', () => {
    const { container } = render(<Icon name="lock" />);
    expect(container.querySelector('svg')?.innerHTML).toBe(
      '<rect x="5" y="10.5" width="14" height="10" rx="2"></rect><path d="M8 10.5V7.5a4 4 0 0 1 8 0v3"></path>',
    );
    const { container: play } = render(<Icon name="play" />);
    expect(play.querySelector('svg')?.innerHTML).toBe('<path d="M8 5.5v13l10.5-6.5z"></path>');
  });

  it('is a named image when it has a title', () => {
    const { getByRole } = render(<Icon name="globe" title="Public" />);
    expect(getByRole('img', { name: 'Public' })).not.toHaveAttribute('aria-hidden');
  });
});
