import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MediaCard } from '@/components/media/media-card';
import { makeMediaItem } from '@/testing/make-media-item';

const card = (overrides: Parameters<typeof makeMediaItem>[0]) =>
  render(
    <MemoryRouter>
      <ul>
        <MediaCard item={makeMediaItem(overrides)} />
      </ul>
    </MemoryRouter>,
  );

describe('media card', () => {
  it('says an offline draft is one, beside its status', () => {
    card({ offline_draft: true });
    expect(screen.getByText('Ready')).toBeInTheDocument();
    expect(screen.getByText('Offline draft')).toBeInTheDocument();
  });

  it('shows a lesson’s level, never one for a solution (its form asks for a detail, not a level)', () => {
    card({ level: 1, title: 'Photosynthesis' });
    expect(screen.getByText(/^Beginner · /)).toBeInTheDocument();
    expect(screen.queryByText('Offline draft')).toBeNull();
    card({ id: 'v2', job_id: 'job-2', video_type: 'problem_solving', title: 'x = 5', level: 2 });
    expect(screen.queryByText(/Intermediate/)).toBeNull();
    expect(screen.getAllByText(/ min$/)).toHaveLength(2);
  });
});
