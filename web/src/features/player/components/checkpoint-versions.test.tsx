import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Checkpoint, CheckpointAnswer } from '@/features/player/lib/checkpoints';
import type { VideoProgress } from '@/features/player/api/progress';
import { makeChoiceCheckpoint, makeNumberCheckpoint } from '@/testing/make-checkpoint';
import { makeJobStatus } from '@/testing/make-job-status';
import { makeMediaItem } from '@/testing/make-media-item';
import { json, mockFetch, type RecordedRequest } from '@/testing/mock-fetch';
import { makeSession } from '@/testing/data';
import { renderApp } from '@/testing/render-app';

const credits = { credits: { available: 10, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };
const chaptersVtt = 'WEBVTT\n\n00:00.000 --> 00:10.000\nIntroduction\n\n00:10.000 --> 00:30.000\nLight reactions\n';

/** Version 2 (job-2) changed the first scene: its first question is a new one; the second is asked unchanged. */
const questions: Record<string, Checkpoint[]> = {
  'job-1': [makeChoiceCheckpoint(), makeNumberCheckpoint()],
  'job-2': [
    makeChoiceCheckpoint({ question: 'Which gas do leaves take in?', options: ['Oxygen', 'Carbon dioxide'], answer: 1, explanation: 'Leaves take in carbon dioxide.' }),
    makeNumberCheckpoint(),
  ],
};

const revisions = {
  revisions: [
    { number: 2, job_id: 'job-2', created_at: '2026-03-02T10:00:00Z', current: true, scenes_changed: 1, cost: 0 },
    { number: 1, job_id: 'job-1', created_at: '2026-03-01T10:00:00Z', current: false, scenes_changed: 0, cost: 1 },
  ],
};

function progress(checkpoints: CheckpointAnswer[]): VideoProgress {
  return {
    video_id: 'v1',
    position_seconds: 0,
    furthest_seconds: 0,
    duration_seconds: 60,
    completed: false,
    checkpoints,
    checkpoints_correct: checkpoints.filter((c) => c.correct === true).length,
    checkpoints_answered: checkpoints.length,
    recorded_at: null,
  };
}

/**
 * The owner's video in two versions, with the server's answers kept per version as the API keeps
 * them: version 2 starts with the answer to the question it asks unchanged (question 2, right), and
 * a report replaces the answers of the version it is sent to.
 */
function serve() {
  const stored: Record<string, CheckpointAnswer[]> = { 'job-1': [{ question: 1, correct: true }], 'job-2': [{ question: 1, correct: true }] };
  const routes: Parameters<typeof mockFetch>[0] = { 'GET /api/auth/user/user-1/credits': () => json(credits) };
  for (const job of ['job-1', 'job-2']) {
    routes[`GET /api/job/${job}/status`] = () =>
      json(
        makeJobStatus({
          job_id: job,
          status: 'completed',
          progress: 100,
          video_url: `/api/video/${job}?t=a`,
          subtitle_url: `/api/media/subtitles/${job}?t=a`,
          chapters_url: `/api/media/chapters/${job}?t=a`,
          transcript_url: `/api/media/transcript/${job}?t=a`,
        }),
      );
    routes[`GET /api/media/chapters/${job}`] = () => new Response(chaptersVtt, { headers: { 'content-type': 'text/vtt' } });
    routes[`GET /api/media/transcript/${job}`] = () =>
      json({ title: 'Photosynthesis', duration: 60, scenes: [], cues: [{ start: 0, end: 4, text: 'Plants make food.', scene: 0 }], checkpoints: questions[job] });
    routes[`GET /api/library/videos/${job}`] = () => json(makeMediaItem({ job_id: 'job-2' }));
    routes[`GET /api/video/${job}/revisions`] = () => json(revisions);
    routes[`GET /api/video/${job}/progress`] = () => json(progress(stored[job] ?? []));
    routes[`POST /api/video/${job}/progress`] = (req: RecordedRequest) => {
      stored[job] = (req.body as { checkpoints: CheckpointAnswer[] }).checkpoints;
      return json(progress(stored[job]));
    };
  }
  return mockFetch(routes);
}

/** Plays from `from` through `to` seconds in small steps, as the browser reports time while playing. */
function playThrough(video: HTMLVideoElement, from: number, to: number) {
  video.currentTime = from;
  fireEvent.play(video);
  for (let t = from; t < to; t = Math.min(to, t + 0.5)) {
    video.currentTime = Math.min(to, t + 0.5);
    fireEvent.timeUpdate(video);
  }
}

/** The marks in the chapter list, in order, each with the chapter it sits under: "Introduction › Question N: state". */
function marks(): string[] {
  const chapters = screen.getByRole('list', { name: 'Chapters' });
  return within(chapters)
    .getAllByRole('button', { name: /^Question/ })
    .map((mark) => {
      const chapter = mark.closest('.cue-list__entry')?.querySelector('.cue-list__text')?.textContent;
      return `${chapter ?? '?'} › ${mark.textContent ?? ''}`;
    });
}

/** Waits until the player plays `job` and its chapter list shows `expected`. */
async function showsVersion(job: string, expected: string[]) {
  await waitFor(() => expect(screen.getByTestId('video')).toHaveAttribute('src', expect.stringContaining(`/api/video/${job}?`)));
  await waitFor(() => expect(marks()).toEqual(expected));
}

beforeEach(() => {
  window.localStorage.clear();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

describe('checkpoint answers across the versions of a video (issue 54)', () => {
  it("shows each version's own answers in the chapter list: this visit's answers to version 1 stay with version 1", async () => {
    const { requests } = serve();
    const { user, router } = renderApp({ path: '/video/job-1', session: makeSession() });
    await showsVersion('job-1', ['Introduction › Question 1: Not answered yet', 'Light reactions › Question 2: Correct']);

    // Version 1's first question, answered wrong in this visit.
    playThrough(screen.getByTestId('video') as HTMLVideoElement, 9.5, 10.5);
    let panel = await screen.findByRole('dialog', { name: 'Question 1 of 2' });
    expect(within(panel).getByRole('group', { name: 'Where in the cell does photosynthesis happen?' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('radio', { name: 'Mitochondria' }));
    await user.click(within(panel).getByRole('button', { name: /Check answer/ }));
    await user.click(within(panel).getByRole('button', { name: /Continue/ }));
    expect(marks()).toEqual(['Introduction › Question 1: Wrong', 'Light reactions › Question 2: Correct']);

    // To the current version by its link: its new first question was never asked.
    await user.click(within(screen.getByTestId('old-version')).getByRole('link', { name: 'Watch the current version' }));
    await showsVersion('job-2', ['Introduction › Question 1: Not answered yet', 'Light reactions › Question 2: Correct']);
    expect(screen.queryByTestId('old-version')).not.toBeInTheDocument();

    // Its own first question, answered right, is reported to version 2 alone.
    await user.click(screen.getByRole('button', { name: /Question 1/ }));
    panel = await screen.findByRole('dialog', { name: 'Question 1 of 2' });
    expect(within(panel).getByRole('group', { name: 'Which gas do leaves take in?' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('radio', { name: 'Carbon dioxide' }));
    await user.click(within(panel).getByRole('button', { name: /Check answer/ }));
    await user.click(within(panel).getByRole('button', { name: /Continue/ }));
    expect(marks()).toEqual(['Introduction › Question 1: Correct', 'Light reactions › Question 2: Correct']);
    const toVersion2 = requests.filter((r) => r.method === 'POST' && r.url === '/api/video/job-2/progress');
    expect(toVersion2.length).toBeGreaterThan(0);
    for (const report of toVersion2) {
      expect((report.body as { checkpoints: CheckpointAnswer[] }).checkpoints).toEqual([
        { question: 0, correct: true },
        { question: 1, correct: true },
      ]);
    }

    // The browser's Back: version 1 again, with its own answers.
    await act(() => router.navigate(-1));
    await showsVersion('job-1', ['Introduction › Question 1: Wrong', 'Light reactions › Question 2: Correct']);
    // And Forward: version 2's.
    await act(() => router.navigate(1));
    await showsVersion('job-2', ['Introduction › Question 1: Correct', 'Light reactions › Question 2: Correct']);
  });
});
