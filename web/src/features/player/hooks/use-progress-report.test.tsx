import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VideoProgress } from '@/features/player/api/progress';
import { REPORT_EVERY_MS } from '@/features/player/hooks/use-progress-report';
import { json, mockFetch, type RecordedRequest } from '@/testing/mock-fetch';
import { makeJobStatus } from '@/testing/make-job-status';
import { makeMediaItem } from '@/testing/make-media-item';
import { makeSession } from '@/testing/data';
import { renderApp } from '@/testing/render-app';

const credits = { credits: { available: 10, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };
const PROGRESS = '/api/video/job-1/progress';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

function progress(overrides: Partial<VideoProgress> = {}): VideoProgress {
  return {
    video_id: 'v1',
    position_seconds: 0,
    furthest_seconds: 0,
    duration_seconds: 120,
    completed: false,
    checkpoints: [],
    checkpoints_correct: 0,
    checkpoints_answered: 0,
    recorded_at: null,
    ...overrides,
  };
}

/** The player at /video/job-1; `owner`: the library has the video (it is the signed-in user's). */
function serve({ owner = true, saved = progress(), report }: { owner?: boolean; saved?: VideoProgress; report?: () => Response } = {}) {
  return mockFetch({
    'GET /api/auth/user/user-1/credits': () => json(credits),
    'GET /api/job/job-1/status': () =>
      json(makeJobStatus({ status: 'completed', progress: 100, video_url: '/api/video/job-1?t=a', subtitle_url: '/api/media/subtitles/job-1?t=a' })),
    ...(owner
      ? {
          'GET /api/library/videos/job-1': () => json(makeMediaItem()),
          [`GET ${PROGRESS}`]: () => json(saved),
          [`POST ${PROGRESS}`]: report ?? ((req: RecordedRequest) => json(progress(req.body as Partial<VideoProgress>))),
        }
      : {}),
  });
}

const reports = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && r.url === PROGRESS);

/** Plays from `from` to `to` seconds, as the browser tells it: a play, then time updates. */
function play(video: HTMLVideoElement, from: number, to: number) {
  video.currentTime = from;
  fireEvent.play(video);
  video.currentTime = to;
  fireEvent.timeUpdate(video);
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  window.localStorage.clear();
  // jsdom has no media playback.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe("the player reports the owner's progress", () => {
  it('sends nothing before the video plays, then on pause where it is and how far it got, once', async () => {
    const { requests } = serve({ saved: progress({ position_seconds: 5, furthest_seconds: 30 }) });
    const { unmount } = renderApp({ path: '/video/job-1', session: makeSession() });
    const video = (await screen.findByTestId('video')) as HTMLVideoElement;
    await waitFor(() => expect(requests.some((r) => r.method === 'GET' && r.url === PROGRESS)).toBe(true));
    setVisibility('hidden');
    expect(reports(requests)).toHaveLength(0);
    setVisibility('visible');

    play(video, 0, 42);
    video.currentTime = 12;
    fireEvent.timeUpdate(video);
    fireEvent.pause(video);
    await waitFor(() => expect(reports(requests)).toHaveLength(1));
    const [sent] = reports(requests);
    expect(sent?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(sent?.keepalive).toBe(false);
    expect(sent?.body).toEqual({ position_seconds: 12, furthest_seconds: 42, checkpoints: [], recorded_at: expect.stringMatching(ISO) });
    expect(Math.abs(Date.parse((sent?.body as { recorded_at: string }).recorded_at) - Date.now())).toBeLessThan(5_000);

    // The end comes right after a pause: the same report is not sent twice.
    fireEvent.ended(video);
    unmount();
    expect(reports(requests)).toHaveLength(1);
  });

  it("keeps the server's furthest point when this session has not got as far", async () => {
    const { requests } = serve({ saved: progress({ position_seconds: 5, furthest_seconds: 80 }) });
    renderApp({ path: '/video/job-1', session: makeSession() });
    const video = (await screen.findByTestId('video')) as HTMLVideoElement;
    await waitFor(() => expect(requests.some((r) => r.method === 'GET' && r.url === PROGRESS)).toBe(true));
    play(video, 0, 20);
    fireEvent.ended(video);
    await waitFor(() => expect(reports(requests)).toHaveLength(1));
    expect(reports(requests)[0]?.body).toMatchObject({ position_seconds: 20, furthest_seconds: 80 });
  });

  it('reports every 15 s while playing, and as the page is hidden, with keepalive', async () => {
    const { requests } = serve();
    renderApp({ path: '/video/job-1', session: makeSession() });
    const video = (await screen.findByTestId('video')) as HTMLVideoElement;
    await waitFor(() => expect(requests.some((r) => r.method === 'GET' && r.url === PROGRESS)).toBe(true));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });

    play(video, 0, 3);
    vi.advanceTimersByTime(REPORT_EVERY_MS - 1);
    expect(reports(requests)).toHaveLength(0);
    video.currentTime = 15;
    fireEvent.timeUpdate(video);
    vi.advanceTimersByTime(1);
    expect(reports(requests).map((r) => r.body)).toMatchObject([{ position_seconds: 15, furthest_seconds: 15 }]);
    video.currentTime = 30;
    vi.advanceTimersByTime(REPORT_EVERY_MS);
    expect(reports(requests)).toHaveLength(2);

    video.currentTime = 33;
    setVisibility('hidden');
    const hidden = reports(requests)[2];
    expect(hidden?.keepalive).toBe(true);
    expect(hidden?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(hidden?.body).toMatchObject({ position_seconds: 33, furthest_seconds: 33 });

    // Paused, the reports stop.
    fireEvent.pause(video);
    const count = reports(requests).length;
    vi.advanceTimersByTime(REPORT_EVERY_MS * 3);
    expect(reports(requests)).toHaveLength(count);
  });

  it('sends a last report when the player is left inside the app', async () => {
    const { requests } = serve();
    const { router } = renderApp({ path: '/video/job-1', session: makeSession() });
    const video = (await screen.findByTestId('video')) as HTMLVideoElement;
    await waitFor(() => expect(requests.some((r) => r.method === 'GET' && r.url === PROGRESS)).toBe(true));
    play(video, 0, 25);
    await router.navigate('/library');
    await waitFor(() => expect(reports(requests)).toHaveLength(1));
    expect(reports(requests)[0]).toMatchObject({ keepalive: true, body: { position_seconds: 25, furthest_seconds: 25 } });
  });

  it('only logs a failed report, and playback goes on', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { requests } = serve({ report: () => json({ detail: 'Internal server error' }, 500) });
    renderApp({ path: '/video/job-1', session: makeSession() });
    const video = (await screen.findByTestId('video')) as HTMLVideoElement;
    await waitFor(() => expect(requests.some((r) => r.method === 'GET' && r.url === PROGRESS)).toBe(true));
    play(video, 0, 25);
    fireEvent.pause(video);
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Reporting progress in video job-1 failed', expect.anything()));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('video')).toBe(video);
  });

  it("neither asks nor reports for a video that is not the user's", async () => {
    const { requests } = serve({ owner: false });
    const { unmount } = renderApp({ path: '/video/job-1', session: makeSession() });
    const video = (await screen.findByTestId('video')) as HTMLVideoElement;
    await waitFor(() => expect(requests.some((r) => r.url.startsWith('/api/video/job-1/revisions'))).toBe(true));
    play(video, 0, 25);
    fireEvent.pause(video);
    setVisibility('hidden');
    unmount();
    expect(requests.filter((r) => r.url === PROGRESS)).toEqual([]);
  });
});

describe('the player offers to resume', () => {
  it('shows "Resume at M:SS" without moving the video, and seeks there when asked', async () => {
    serve({ saved: progress({ position_seconds: 75.6, furthest_seconds: 90, recorded_at: '2026-03-01T10:00:00Z' }) });
    const { user } = renderApp({ path: '/video/job-1', session: makeSession() });
    const resume = await screen.findByRole('button', { name: 'Resume at 1:15' });
    const video = screen.getByTestId('video') as HTMLVideoElement;
    expect(video.currentTime).toBe(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Keyboard reachable: next after the page's links, before the video.
    (await screen.findByRole('link', { name: 'Edit' })).focus();
    await user.tab();
    expect(resume).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(video.currentTime).toBe(75.6);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Resume at/ })).not.toBeInTheDocument();
  });

  it('goes away once playback passes the point', async () => {
    serve({ saved: progress({ position_seconds: 30, furthest_seconds: 30 }) });
    renderApp({ path: '/video/job-1', session: makeSession() });
    await screen.findByRole('button', { name: 'Resume at 0:30' });
    const video = screen.getByTestId('video') as HTMLVideoElement;
    play(video, 0, 29);
    expect(screen.getByRole('button', { name: 'Resume at 0:30' })).toBeInTheDocument();
    video.currentTime = 31;
    fireEvent.timeUpdate(video);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Resume at/ })).not.toBeInTheDocument());
  });

  it.each([
    ['in the first 10 s', progress({ position_seconds: 10 })],
    ['near the end', progress({ position_seconds: 114, duration_seconds: 120 })],
    ['once completed', progress({ position_seconds: 60, completed: true })],
  ])('offers nothing %s', async (_, saved) => {
    const { requests } = serve({ saved });
    renderApp({ path: '/video/job-1', session: makeSession() });
    await screen.findByTestId('video');
    await waitFor(() => expect(requests.some((r) => r.method === 'GET' && r.url === PROGRESS)).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /Resume at/ })).not.toBeInTheDocument();
  });
});
