import { screen, waitFor, within } from '@testing-library/react';
import * as axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { numberCitations } from '@/features/player/lib/citations';
import { makeSession } from '@/testing/data';
import { makeJobStatus } from '@/testing/make-job-status';
import { json, mockFetch } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';

const credits = { credits: { available: 10, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };

const glass = { source_id: 'src-glass', passage: 1, page: 2 };
const founding = { source_id: 'src-glass', passage: 0, page: 1 };

/** A lesson written from one document: the title cites nothing, then passages 1, 1 and 0 and 1. */
const transcript = {
  title: 'Annealing glass',
  duration: 20,
  scenes: [],
  checkpoints: [],
  cues: [
    { start: 0, end: 3, text: 'Annealing glass.', scene: 0, cites: [] },
    { start: 4, end: 8, text: 'The lehr is held at 512 degrees.', scene: 1, cites: [glass] },
    { start: 8, end: 12, text: 'It cools by four degrees an hour.', scene: 1, cites: [glass] },
    { start: 12, end: 16, text: 'Orla Quist founded the works in 1873 and built the lehr.', scene: 1, cites: [founding, glass] },
  ],
  documents: [{ source_id: 'src-glass', title: 'Notes on the Veltrane glassworks', pages: [1, 2] }],
};

const passages = [
  { index: 0, page: 1, heading: 'Founding', text: 'The Veltrane glassworks was founded in 1873 by Orla Quist.', words: 10 },
  { index: 1, page: 2, heading: 'Annealing', text: 'Each pane rests in the lehr, held at 512 degrees, and cools by four degrees an hour.', words: 17 },
];

function serve(source: () => Response) {
  return mockFetch({
    'GET /api/auth/user/user-1/credits': () => json(credits),
    'GET /api/job/job-1/status': () =>
      json(
        makeJobStatus({
          status: 'completed',
          progress: 100,
          video_url: '/api/video/job-1?t=tok',
          subtitle_url: '/api/media/subtitles/job-1?t=tok',
          transcript_url: '/api/media/transcript/job-1?t=tok',
        }),
      ),
    'GET /api/media/transcript/job-1': () => json(transcript),
    'GET /api/sources/src-glass': source,
  });
}

beforeEach(() => {
  window.localStorage.clear();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

describe('citations in the transcript', () => {
  it('numbers each passage once, in the order first cited, and names its document', () => {
    const numbered = numberCitations(
      transcript.cues.map((c) => c.cites),
      transcript.documents,
    );
    expect(numbered.map((cites) => cites.map((c) => c.number))).toEqual([[], [1], [1], [2, 1]]);
    expect(numbered[3]?.[0]).toEqual({
      number: 2,
      sourceId: 'src-glass',
      passage: 0,
      page: 1,
      title: 'Notes on the Veltrane glassworks',
    });
    expect(numberCitations([[{ source_id: 'gone', passage: 3 }]], [])[0]?.[0]).toMatchObject({ title: 'A document of yours', page: null });
    // A passage named twice in one sentence is shown once.
    expect(numberCitations([[glass, founding, glass]], transcript.documents)[0]?.map((c) => c.number)).toEqual([1, 2]);
  });

  it('shows a sentence’s source on a click or Enter: title, page, heading and passage, read once per document', async () => {
    const { requests } = serve(() => json({ source: { id: 'src-glass' }, passages }));
    const { user } = renderApp({ path: '/video/job-1', session: makeSession() });
    const list = await screen.findByRole('list', { name: 'Transcript' });
    expect(screen.getByText(/Written from your documents/)).toBeInTheDocument();
    const lines = within(list).getAllByRole('listitem');
    expect(within(lines[0]!).queryByRole('button', { name: /Source/ })).toBeNull();

    const mark = within(lines[1]!).getByRole('button', { name: '[1] Source: Notes on the Veltrane glassworks, page 2' });
    expect(mark).toHaveAttribute('aria-expanded', 'false');
    await user.click(mark);
    expect(mark).toHaveAttribute('aria-expanded', 'true');
    const figure = await within(lines[1]!).findByRole('figure');
    expect(mark).toHaveAttribute('aria-controls', figure.id);
    expect(within(figure).getByText(/Notes on the Veltrane glassworks, page 2/)).toBeInTheDocument();
    expect(within(figure).getByText('· Annealing')).toBeInTheDocument();
    expect(await within(figure).findByText(/held at 512 degrees, and cools by four degrees an hour/)).toBeInTheDocument();
    // Opening the citation does not seek the video.
    expect((screen.getByTestId('video') as HTMLVideoElement).currentTime).toBe(0);

    const check = async () =>
      (await axe.run(screen.getByRole('complementary', { name: 'Chapters and transcript' }), { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => v.id);
    expect(await check()).toEqual([]);

    // From the keyboard: the last sentence's first citation is passage 0, page 1.
    const founded = within(lines[3]!).getByRole('button', { name: /^\[2\] Source: .*, page 1$/ });
    founded.focus();
    await user.keyboard('{Enter}');
    expect(await within(lines[3]!).findByText('The Veltrane glassworks was founded in 1873 by Orla Quist.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(founded).toHaveAttribute('aria-expanded', 'false');
    expect(within(lines[3]!).queryByRole('figure')).toBeNull();

    // Selecting it again puts it away; the document was asked for once.
    await user.click(mark);
    expect(within(lines[1]!).queryByRole('figure')).toBeNull();
    expect(requests.filter((r) => r.url === '/api/sources/src-glass')).toHaveLength(1);
  });

  it('says in plain words when the passage is not the viewer’s to read (404)', async () => {
    serve(() => json({ detail: 'Source not found' }, 404));
    const { user } = renderApp({ path: '/video/job-1', session: makeSession() });
    const list = await screen.findByRole('list', { name: 'Transcript' });
    await user.click(within(list).getAllByRole('button', { name: /^\[1\] Source/ })[0]!);
    expect(
      await screen.findByText("The passage's text is not available: the document is no longer among your sources, or it is not yours."),
    ).toBeInTheDocument();
    expect(screen.getByRole('figure')).toHaveTextContent('Notes on the Veltrane glassworks, page 2');
  });

  it('shows no citations nor their hint for a video not written from sources', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits),
      'GET /api/job/job-1/status': () =>
        json(makeJobStatus({ status: 'completed', video_url: '/api/video/job-1?t=tok', transcript_url: '/api/media/transcript/job-1?t=tok' })),
      'GET /api/media/transcript/job-1': () => json({ cues: [{ start: 0, end: 3, text: 'Welcome.', scene: 0 }] }),
    });
    renderApp({ path: '/video/job-1', session: makeSession() });
    const list = await screen.findByRole('list', { name: 'Transcript' });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));
    expect(screen.queryByText(/Written from your documents/)).toBeNull();
  });
});
