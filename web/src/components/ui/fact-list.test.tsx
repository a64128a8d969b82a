import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FactList } from '@/components/ui/fact-list';

describe('FactList', () => {
  it('lists each fact it is given as a term and its value, in order', () => {
    render(
      <FactList
        className="facts"
        label="Order summary"
        facts={[
          { term: 'Goal', value: 'See the night sky' },
          null,
          false,
          { term: 'Reference', value: 'ABC', valueClassName: 'ref', valueTitle: 'cs_ABC' },
        ]}
      />,
    );
    const list = screen.getByLabelText('Order summary');
    expect(list.tagName).toBe('DL');
    expect(list).toHaveClass('facts');
    expect([...list.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Goal', 'Reference']);
    const values = list.querySelectorAll('dd');
    expect(values[0]).not.toHaveAttribute('class');
    expect(values[0]).not.toHaveAttribute('title');
    expect(values[1]).toHaveClass('ref');
    expect(values[1]).toHaveAttribute('title', 'cs_ABC');
  });

  it('has no name unless it is given one', () => {
    const { container } = render(<FactList className="facts" facts={[]} />);
    expect(container.querySelector('dl')).not.toHaveAttribute('aria-label');
  });
});
