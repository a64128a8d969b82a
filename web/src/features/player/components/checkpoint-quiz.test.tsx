import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VideoProgress } from '@/features/player/api/progress';
import { makeChoiceCheckpoint, makeNumberCheckpoint } from '@/testing/make-checkpoint';
import { makeJobStatus } from '@/testing/make-job-status';
import { makeMediaItem } from '@/testing/make-media-item';
import { json, mockFetch, type RecordedRequest } from '@/testing/mock-fetch';
import { makeSession } from '@/testing/data';
import { renderApp } from '@/testing/render-app';

const credits = { credits: { available: 10, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };
const PROGRESS = '/api/video/job-1/progress';
const chaptersVtt =
  'WEBVTT\n\n00:00.000 --> 00:10.000\nIntroduction\n\n00:10.000 --> 00:30.000\nLight reactions\n\n00:30.000 --> 01:00.000\nThe Calvin cycle\n';
const checkpoints = [makeChoiceCheckpoint(), makeNumberCheckpoint()];

function progress(overrides: Partial<VideoProgress> = {}): VideoProgress {
  return {
    video_id: 'v1',
    position_seconds: 0,
    furthest_seconds: 0,
    duration_seconds: 60,
    completed: false,
    checkpoints: [],
    checkpoints_correct: 0,
    checkpoints_answered: 0,
    recorded_at: null,
    ...overrides,
  };
}

/** The player at /video/job-1 with two questions; `owner`: the video is the signed-in user's (progress is reported). */
function serve({ owner = false, saved = progress(), chapters = chaptersVtt }: { owner?: boolean; saved?: VideoProgress; chapters?: string } = {}) {
  return mockFetch({
    'GET /api/auth/user/user-1/credits': () => json(credits),
    'GET /api/job/job-1/status': () =>
      json(
        makeJobStatus({
          status: 'completed',
          progress: 100,
          video_url: '/api/video/job-1?t=a',
          subtitle_url: '/api/media/subtitles/job-1?t=a',
          chapters_url: '/api/media/chapters/job-1?t=a',
          transcript_url: '/api/media/transcript/job-1?t=a',
        }),
      ),
    'GET /api/media/chapters/job-1': () => new Response(chapters, { headers: { 'content-type': 'text/vtt' } }),
    'GET /api/media/transcript/job-1': () =>
      json({ title: 'Photosynthesis', duration: 60, scenes: [], cues: [{ start: 0, end: 4, text: 'Plants make food.', scene: 0 }], checkpoints }),
    ...(owner
      ? {
          'GET /api/library/videos/job-1': () => json(makeMediaItem()),
          [`GET ${PROGRESS}`]: () => json(saved),
          [`POST ${PROGRESS}`]: (req: RecordedRequest) => json(progress(req.body as Partial<VideoProgress>)),
        }
      : {}),
  });
}

const reports = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && r.url === PROGRESS);

/** Plays from `from` through `to` seconds in small steps, as the browser reports time while playing. */
function playThrough(video: HTMLVideoElement, from: number, to: number) {
  video.currentTime = from;
  fireEvent.play(video);
  for (let t = from; t < to; t = Math.min(to, t + 0.5)) {
    video.currentTime = Math.min(to, t + 0.5);
    fireEvent.timeUpdate(video);
  }
}

/** The player with its questions loaded (the chapter list shows their marks). */
async function openPlayer(options: Parameters<typeof serve>[0] = {}) {
  const fetched = serve(options);
  const app = renderApp({ path: '/video/job-1', session: makeSession() });
  await screen.findByRole('button', { name: /Question 2/ });
  const video = screen.getByTestId('video') as HTMLVideoElement;
  return { ...fetched, ...app, video };
}

beforeEach(() => {
  window.localStorage.clear();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

describe('checkpoint questions in the player', () => {
  it('pauses when playback reaches a question and moves focus into it', async () => {
    const { video } = await openPlayer();
    playThrough(video, 8, 9.5);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    playThrough(video, 9.5, 10.5);
    const panel = await screen.findByRole('dialog', { name: 'Question 1 of 2' });
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(within(panel).getByRole('group', { name: 'Where in the cell does photosynthesis happen?' })).toBeInTheDocument();
    expect(within(panel).getByRole('radio', { name: 'Mitochondria' })).toHaveFocus();
    expect(within(panel).getByRole('button', { name: /Check answer/ })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Skip question' })).toBeInTheDocument();
  });

  it('breaks no axe-core rule, open and answered (jsdom: colours are checked in the browser journey)', async () => {
    const { video, user } = await openPlayer();
    playThrough(video, 29.5, 30.5);
    const panel = await screen.findByRole('dialog');
    const check = async () => (await axe.run(panel, { rules: { 'color-contrast': { enabled: false } } })).violations.map((v) => v.id);
    expect(await check()).toEqual([]);
    await user.type(within(panel).getByRole('textbox'), 'x{Enter}');
    expect(await check()).toEqual([]);
    await user.clear(within(panel).getByRole('textbox'));
    await user.type(within(panel).getByRole('textbox'), '0.25{Enter}');
    expect(await check()).toEqual([]);
  });

  it('does not stop when a seek passes a question', async () => {
    const { video } = await openPlayer();
    fireEvent.play(video);
    video.currentTime = 5;
    fireEvent.timeUpdate(video);
    fireEvent.seeking(video);
    video.currentTime = 10.2;
    fireEvent.seeked(video);
    fireEvent.timeUpdate(video);
    // A jump without seeking events (a chapter chosen) does not stop either.
    video.currentTime = 40;
    fireEvent.timeUpdate(video);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(HTMLMediaElement.prototype.pause).not.toHaveBeenCalled();
  });

  it('says a right answer is correct, explains it, and plays on from the video without asking again', async () => {
    const { video, user } = await openPlayer();
    playThrough(video, 9.5, 10.5);
    const panel = await screen.findByRole('dialog');
    await user.click(within(panel).getByRole('radio', { name: 'Chloroplasts' }));
    await user.click(within(panel).getByRole('button', { name: /Check answer/ }));

    const status = within(panel).getByRole('status');
    expect(status).toHaveTextContent('Correct');
    expect(status).toHaveTextContent('Chloroplasts hold the chlorophyll that captures light.');
    expect(within(panel).getByRole('button', { name: /Continue/ })).toHaveFocus();
    expect(within(panel).getByRole('button', { name: /Rewatch this part/ })).toHaveTextContent('“Introduction”, from 0:00');

    vi.mocked(HTMLMediaElement.prototype.play).mockClear();
    await user.click(within(panel).getByRole('button', { name: /Continue/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    expect(video).toHaveFocus();
    expect(screen.getByRole('button', { name: /Question 1/ })).toHaveTextContent('Correct');

    // Answered in this visit: playing past it again goes on.
    playThrough(video, 9, 11);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the right answer and the explanation after a wrong one', async () => {
    const { video, user } = await openPlayer();
    playThrough(video, 9.5, 10.5);
    const panel = await screen.findByRole('dialog');
    await user.click(within(panel).getByRole('radio', { name: 'Mitochondria' }));
    await user.click(within(panel).getByRole('button', { name: /Check answer/ }));
    const status = within(panel).getByRole('status');
    expect(status).toHaveTextContent('Not quite — the answer is Chloroplasts.');
    expect(status).toHaveTextContent('Chloroplasts hold the chlorophyll');
    expect(within(panel).getByRole('radio', { name: /Chloroplasts \(the right answer\)/ })).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: /Continue/ }));
    expect(screen.getByRole('button', { name: /Question 1/ })).toHaveTextContent('Wrong');
  });

  it('works from the keyboard: arrows choose, Enter checks, Escape continues', async () => {
    const { video, user } = await openPlayer();
    playThrough(video, 9.5, 10.5);
    const panel = await screen.findByRole('dialog');
    await user.keyboard('{ArrowDown}');
    expect(within(panel).getByRole('radio', { name: 'Chloroplasts' })).toBeChecked();
    await user.keyboard('{Enter}');
    expect(within(panel).getByRole('status')).toHaveTextContent('Correct');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(video).toHaveFocus();
  });

  it('asks for a choice before checking', async () => {
    const { video, user } = await openPlayer();
    playThrough(video, 9.5, 10.5);
    const panel = await screen.findByRole('dialog');
    await user.click(within(panel).getByRole('button', { name: /Check answer/ }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Choose an answer first.');
    expect(within(panel).getByRole('status')).toBeEmptyDOMElement();
  });

  it('takes a typed number within the tolerance, as a fraction or with a comma, and refuses what is not a number', async () => {
    const { video, user } = await openPlayer();
    playThrough(video, 29.5, 30.5);
    let panel = await screen.findByRole('dialog', { name: 'Question 2 of 2' });
    const input = within(panel).getByRole('textbox', { name: 'How fast does the cart roll?' });
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAccessibleDescription(/in m\/s/);
    expect(within(panel).getByText('m/s')).toBeInTheDocument();

    await user.type(input, 'fast{Enter}');
    expect(within(panel).getByRole('alert')).toHaveTextContent('“fast” is not a number.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '1/4');
    await user.click(within(panel).getByRole('button', { name: /Check answer/ }));
    expect(within(panel).getByRole('status')).toHaveTextContent('Correct');
    await user.click(within(panel).getByRole('button', { name: /Rewatch this part/ }));

    // Asked again at the end of the scene: this time a comma decimal just outside the tolerance.
    playThrough(video, 29.5, 30.5);
    panel = await screen.findByRole('dialog', { name: 'Question 2 of 2' });
    await user.type(within(panel).getByRole('textbox'), '0,27{Enter}');
    expect(within(panel).getByRole('status')).toHaveTextContent('Not quite — the answer is 0.25 m/s.');
    await user.click(within(panel).getByRole('button', { name: /Continue/ }));
    await user.click(screen.getByRole('button', { name: /Question 2/ }));
    panel = await screen.findByRole('dialog', { name: 'Question 2 of 2' });
    await user.type(within(panel).getByRole('textbox'), '0,255{Enter}');
    expect(within(panel).getByRole('status')).toHaveTextContent('Correct');
  });

  it('skips a question with its button or Escape and plays on', async () => {
    const { video, user } = await openPlayer();
    playThrough(video, 9.5, 10.5);
    await screen.findByRole('dialog');
    vi.mocked(HTMLMediaElement.prototype.play).mockClear();
    await user.click(screen.getByRole('button', { name: 'Skip question' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    expect(video).toHaveFocus();
    expect(screen.getByRole('button', { name: /Question 1/ })).toHaveTextContent('Skipped');

    playThrough(video, 29.5, 30.5);
    await screen.findByRole('dialog', { name: 'Question 2 of 2' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Question 2/ })).toHaveTextContent('Skipped');
  });

  it('rewatches the scene that taught the question and asks it again at its end', async () => {
    const { video, user } = await openPlayer();
    playThrough(video, 29.5, 30.5);
    const panel = await screen.findByRole('dialog');
    await user.type(within(panel).getByRole('textbox'), '3{Enter}');
    vi.mocked(HTMLMediaElement.prototype.play).mockClear();
    await user.click(within(panel).getByRole('button', { name: /Rewatch this part/ }));
    expect(video.currentTime).toBe(10);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Its answer stays marked until it is answered again.
    expect(screen.getByRole('button', { name: /Question 2/ })).toHaveTextContent('Wrong');

    playThrough(video, 10, 30.5);
    expect(await screen.findByRole('dialog', { name: 'Question 2 of 2' })).toBeInTheDocument();
  });

  it("marks each chapter's questions with how they went, and opens one from its mark", async () => {
    const { video, user } = await openPlayer();
    const chapters = screen.getByRole('list', { name: 'Chapters' });
    const items = within(chapters).getAllByRole('listitem').filter((li) => li.parentElement === chapters);
    expect(within(items[0]!).getByRole('button', { name: /Question 1/ })).toHaveTextContent('Not answered yet');
    expect(within(items[1]!).getByRole('button', { name: /Question 2/ })).toHaveTextContent('Not answered yet');
    expect(within(items[2]!).queryByRole('button', { name: /Question/ })).toBeNull();

    await user.click(within(items[1]!).getByRole('button', { name: /Question 2/ }));
    expect(video.currentTime).toBeCloseTo(29.9);
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    const panel = await screen.findByRole('dialog', { name: 'Question 2 of 2' });
    expect(within(panel).getByRole('textbox')).toHaveFocus();
    await user.click(within(panel).getByRole('button', { name: 'Skip question' }));
    expect(within(items[1]!).getByRole('button', { name: /Question 2/ })).toHaveTextContent('Skipped');
    // Playing on from just before it does not ask it again.
    playThrough(video, 29.9, 31);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists the questions on their own when the video has no chapters', async () => {
    serve({ chapters: 'WEBVTT\n' });
    renderApp({ path: '/video/job-1', session: makeSession() });
    const heading = await screen.findByRole('heading', { name: /Questions/ });
    const card = heading.closest('section') as HTMLElement;
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Question 1: Not answered yet',
      'Question 2: Not answered yet',
    ]);
  });
});

describe('checkpoint answers in the progress report', () => {
  it('reports right after each answer, carrying every answer so far with the stored ones', async () => {
    const saved = progress({ checkpoints: [{ question: 1, correct: false }], checkpoints_answered: 1, recorded_at: '2026-03-01T10:00:00Z' });
    const { video, user, requests } = await openPlayer({ owner: true, saved });
    // The stored answer shows before this visit's.
    await waitFor(() => expect(screen.getByRole('button', { name: /Question 2/ })).toHaveTextContent('Wrong'));

    playThrough(video, 9.5, 10.5);
    const panel = await screen.findByRole('dialog');
    expect(reports(requests)).toHaveLength(0);
    await user.click(within(panel).getByRole('radio', { name: 'Chloroplasts' }));
    await user.click(within(panel).getByRole('button', { name: /Check answer/ }));
    await waitFor(() => expect(reports(requests)).toHaveLength(1));
    expect(reports(requests)[0]?.body).toMatchObject({
      position_seconds: 10.5,
      checkpoints: [
        { question: 0, correct: true },
        { question: 1, correct: false },
      ],
    });

    await user.click(within(panel).getByRole('button', { name: /Continue/ }));
    playThrough(video, 29.5, 30.5);
    await screen.findByRole('dialog', { name: 'Question 2 of 2' });
    await user.click(screen.getByRole('button', { name: 'Skip question' }));
    await waitFor(() => expect(reports(requests)).toHaveLength(2));
    expect(reports(requests)[1]?.body).toMatchObject({
      checkpoints: [
        { question: 0, correct: true },
        { question: 1, correct: null },
      ],
    });

    // Later reports (a pause) carry them too.
    video.currentTime = 35;
    fireEvent.pause(video);
    await waitFor(() => expect(reports(requests)).toHaveLength(3));
    expect(reports(requests)[2]?.body).toMatchObject({ position_seconds: 35, checkpoints: [{ question: 0, correct: true }, { question: 1, correct: null }] });
  });

  it('sends nothing for a video that is not the viewer’s', async () => {
    const { video, user, requests } = await openPlayer();
    playThrough(video, 9.5, 10.5);
    await user.click(await screen.findByRole('button', { name: 'Skip question' }));
    expect(requests.filter((r) => r.url === PROGRESS)).toEqual([]);
  });
});
