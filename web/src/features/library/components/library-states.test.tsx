import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState, LoadError, MoreButton } from '@/features/library/components/library-states';

const paged = (over: Partial<{ hasNextPage: boolean; isFetchingNextPage: boolean }> = {}) => ({
  hasNextPage: true,
  isFetchingNextPage: false,
  fetchNextPage: vi.fn(() => Promise.resolve()) as never,
  ...over,
});

describe('library states', () => {
  it('says what an empty list would hold and offers where to go', () => {
    render(<EmptyState icon="search" title="Nothing here" text="Make something." action={<a href="/create">Create</a>} />);
    expect(screen.getByRole('heading', { name: 'Nothing here' })).toHaveClass('library-empty__title');
    expect(screen.getByText('Make something.')).toHaveClass('library-empty__text');
    expect(screen.getByRole('link', { name: 'Create' })).toBeInTheDocument();
  });

  it('says why a list failed and asks again', async () => {
    const onRetry = vi.fn();
    render(<LoadError onRetry={onRetry}>The search failed: down</LoadError>);
    expect(screen.getByRole('alert')).toHaveTextContent('The search failed: down');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('loads the next page, is busy while it does, and is gone once there is none', async () => {
    const query = paged();
    const { rerender } = render(<MoreButton query={query} label="Show more" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(query.fetchNextPage).toHaveBeenCalledOnce();
    rerender(<MoreButton query={paged({ isFetchingNextPage: true })} label="Show more" />);
    expect(screen.getByRole('button', { name: 'Loading…' })).toBeDisabled();
    rerender(<MoreButton query={paged({ hasNextPage: false })} label="Show more" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
