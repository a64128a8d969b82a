import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/testing/mock-fetch';
import { makeSession } from '@/testing/data';
import { renderApp } from '@/testing/render-app';

const credits = { credits: { available: 10, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };

function status(overrides: Record<string, unknown> = {}) {
  return {
    job_id: 'job-1',
    kind: 'video',
    status: 'completed',
    progress: 100,
    current_step: 'Done',
    title: 'Photosynthesis',
    smart_title: 'How Plants Eat Light',
    video_url: '/api/video/job-1?t=tok',
    subtitle_url: '/api/media/subtitles/job-1?t=tok',
    chapters_url: '/api/media/chapters/job-1?t=tok',
    transcript_url: '/api/media/transcript/job-1?t=tok',
    thumbnail_url: null,
    study_sheet_url: '/api/media/study-sheet/job-1?t=tok',
    error: null,
    created_at: '2026-03-01T10:00:00Z',
    completed_at: '2026-03-01T10:02:00Z',
    cost: 1,
    ...overrides,
  };
}

const chaptersVtt = 'WEBVTT\n\n00:00.000 --> 00:10.000\nIntroduction\n\n00:10.000 --> 00:30.000\nLight reactions\n';
const transcript = {
  cues: [
    { start: 0, end: 4, text: 'Plants make their own food.' },
    { start: 4, end: 9, text: 'They use light, water and air.' },
    { start: 12, end: 16, text: 'Chlorophyll captures the light.' },
  ],
};

function serve(answer: () => Response) {
  return mockFetch({
    'GET /api/auth/user/user-1/credits': () => json(credits),
    'GET /api/job/job-1/status': answer,
    'GET /api/media/chapters/job-1': () => new Response(chaptersVtt, { headers: { 'content-type': 'text/vtt' } }),
    'GET /api/media/transcript/job-1': () => json(transcript),
  });
}

beforeEach(() => {
  window.localStorage.clear();
  // jsdom has no media playback.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

describe('video player', () => {
  it('plays the completed job with subtitles on, chapters, a transcript, speed and downloads', async () => {
    serve(() => json(status()));
    renderApp({ path: '/video/job-1', session: makeSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'How Plants Eat Light' })).toBeInTheDocument();

    const video = screen.getByTestId('video') as HTMLVideoElement;
    expect(video).toHaveAttribute('src', '/api/video/job-1?t=tok');
    const track = video.querySelector('track');
    expect(track).toHaveAttribute('src', '/api/media/subtitles/job-1?t=tok');
    expect(track).toHaveAttribute('default');
    expect(screen.getByRole('button', { name: /Subtitles on/ })).toHaveAttribute('aria-pressed', 'true');

    expect(screen.getByRole('link', { name: /Download video/ })).toHaveAttribute('href', '/api/video/job-1?t=tok&download=1');
    expect(screen.getByRole('link', { name: /Subtitles \(SRT\)/ })).toHaveAttribute('href', '/api/media/subtitles/job-1?t=tok&format=srt');
    expect(screen.getByRole('link', { name: /Study sheet \(PDF\)/ })).toHaveAttribute('href', '/api/media/study-sheet/job-1?t=tok');

    fireEvent.change(screen.getByLabelText('Speed'), { target: { value: '1.5' } });
    expect(video.playbackRate).toBe(1.5);

    const chapters = await screen.findByRole('list', { name: 'Chapters' });
    expect(within(chapters).getAllByRole('button').map((b) => b.textContent)).toEqual(['0:00Introduction', '0:10Light reactions']);
  });

  it('seeks when a transcript line is clicked and highlights the line being spoken', async () => {
    serve(() => json(status()));
    const { user } = renderApp({ path: '/video/job-1', session: makeSession() });
    const list = await screen.findByRole('list', { name: 'Transcript' });
    const video = screen.getByTestId('video') as HTMLVideoElement;

    await user.click(within(list).getByRole('button', { name: /Chlorophyll captures the light/ }));
    expect(video.currentTime).toBe(12);
    expect(within(list).getByRole('button', { name: /Chlorophyll/ })).toHaveAttribute('aria-current', 'true');

    video.currentTime = 5;
    fireEvent.timeUpdate(video);
    expect(within(list).getByRole('button', { name: /They use light/ })).toHaveAttribute('aria-current', 'true');
    expect(within(list).getByRole('button', { name: /Chlorophyll/ })).not.toHaveAttribute('aria-current');
    const chapters = screen.getByRole('list', { name: 'Chapters' });
    expect(within(chapters).getByRole('button', { name: /Introduction/ })).toHaveAttribute('aria-current', 'true');
  });

  it('takes the video from navigation state first', async () => {
    serve(() => json(status()));
    const { router } = renderApp({ path: '/library', session: makeSession() });
    await router.navigate('/video/job-1', {
      state: { videoUrl: '/api/video/job-1?t=fresh', subtitleUrl: '/api/media/subtitles/job-1?t=fresh', title: 'Given title', description: 'Given description', previousPage: '/library/lessons' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Given title' })).toBeInTheDocument();
    expect(screen.getByText('Given description')).toBeInTheDocument();
    expect(screen.getByTestId('video')).toHaveAttribute('src', '/api/video/job-1?t=fresh');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/library/lessons');
  });

  it("shows 'Video Processing...' and 'Status: {status}' until the job completes, going back home by default", async () => {
    serve(() => json(status({ status: 'processing', progress: 35, current_step: 'Rendering slides', video_url: null })));
    renderApp({ path: '/video/job-1', session: makeSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Video Processing...' })).toBeInTheDocument();
    expect(screen.getByText('Status: processing')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute('aria-valuenow', '35');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  });

  it('only logs a failed job fetch', async () => {
    serve(() => json({ detail: 'Not found' }, 404));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({ path: '/video/job-1', session: makeSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Video Processing...' })).toBeInTheDocument();
    expect(screen.getByText('Status: unknown')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });
});
