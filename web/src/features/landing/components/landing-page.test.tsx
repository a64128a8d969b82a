import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';

describe('landing page (/)', () => {
  it('shows labelled example use cases, never named people or star ratings', async () => {
    mockFetch({
      'GET /api/public/explore/courses': () => json({ courses: [] }),
      'GET /api/public/explore/videos': () => json({ videos: [] }),
    });
    renderApp({ path: '/' });
    const heading = await screen.findByRole('heading', { name: 'What people ask for, and what they get' });
    const section = heading.closest('section')!;
    const cases = within(section).getAllByRole('listitem');
    expect(cases).toHaveLength(3);
    for (const item of cases) {
      expect(within(item).getByText('Example use case')).toBeInTheDocument();
      expect(within(item).getByText(/^Asks for:/)).toBeInTheDocument();
    }
    expect(within(section).queryByLabelText(/out of 5 stars/)).toBeNull();
    expect(section.textContent).not.toMatch(/Maya|Daniel|Priya/);
  });

  it("shows an example lesson that plays: the browser's controls, a poster and English captions", async () => {
    mockFetch({
      'GET /api/public/explore/courses': () => json({ courses: [] }),
      'GET /api/public/explore/videos': () => json({ videos: [] }),
    });
    renderApp({ path: '/' });
    const example = await screen.findByRole('figure', { name: /^An example lesson made by Lectern: Ohm's law/ });
    const video = example.querySelector('video')!;
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('poster', '/example/ohms-law.jpg');
    expect(video.querySelector('source')).toHaveAttribute('src', '/example/ohms-law.mp4');
    expect(video.querySelector('track')).toMatchObject({ kind: 'captions', srclang: 'en', src: expect.stringMatching(/\/example\/ohms-law\.vtt$/) });
    expect(within(example).queryByRole('button', { name: /play/i })).toBeNull();
  });
});
