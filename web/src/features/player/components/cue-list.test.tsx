import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CueList } from '@/features/player/components/cue-list';

const cues = [
  { start: 0, end: 4, text: 'Intro' },
  { start: 10, end: 14, text: '' },
];

describe('CueList', () => {
  it('marks the chapter that has started, and names an untitled one by its number', () => {
    render(<CueList cues={cues} time={7} onSeek={() => undefined} variant="chapters" />);
    const list = screen.getByRole('list', { name: 'Chapters' });
    expect(list).toHaveClass('cue-list', 'cue-list--chapters');
    expect(screen.getByRole('button', { name: /Intro/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: /Chapter 2/ })).not.toHaveAttribute('aria-current');
  });

  it('marks a transcript line only while it is spoken, and seeks to a line', async () => {
    const onSeek = vi.fn();
    render(<CueList cues={cues} time={7} onSeek={onSeek} variant="transcript" />);
    expect(screen.getByRole('list', { name: 'Transcript' })).toHaveClass('cue-list--transcript');
    expect(screen.queryByRole('button', { current: true })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /…/ }));
    expect(onSeek).toHaveBeenCalledWith(10);
  });
});
