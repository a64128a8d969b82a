import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeChoiceCheckpoint } from '@/testing/make-checkpoint';
import { makeJobStatus } from '@/testing/make-job-status';
import { makeCourseItem, makeMediaItem } from '@/testing/make-media-item';
import { json, mockFetch, never, type RecordedRequest } from '@/testing/mock-fetch';
import { makeSession } from '@/testing/data';
import { renderApp } from '@/testing/render-app';
import type { components } from '@/types/openapi';

type Schemas = components['schemas'];

const credits = { credits: { available: 10, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };
const chaptersVtt = 'WEBVTT\n\n00:00.000 --> 00:10.000\nIntroduction\n\n00:10.000 --> 00:30.000\nLight reactions\n';

function publicVideo(id: string, title: string): Schemas['PublicVideo'] {
  return {
    id: `v-${id}`,
    job_id: id,
    title,
    duration: '0:30',
    video_url: `/api/video/${id}`,
    subtitle_url: `/api/media/subtitles/${id}`,
    chapters_url: `/api/media/chapters/${id}`,
    transcript_url: `/api/media/transcript/${id}`,
    thumbnail_url: `/api/media/thumbnail/${id}`,
  };
}

/** A published video's answers: the video, its chapters, and its transcript with one question at 10 s. */
function videoRoutes(id: string, title: string) {
  return {
    [`GET /api/public/videos/${id}`]: () => json(publicVideo(id, title)),
    [`GET /api/media/chapters/${id}`]: () => new Response(chaptersVtt, { headers: { 'content-type': 'text/vtt' } }),
    [`GET /api/media/transcript/${id}`]: () =>
      json({ title, duration: 30, scenes: [], cues: [{ start: 0, end: 4, text: 'Plants make food.', scene: 0 }], checkpoints: [makeChoiceCheckpoint()] }),
  };
}

function lesson(index: number, jobId: string | null): Schemas['PublicLesson'] {
  return {
    lesson_index: index,
    title: ['Getting Started', 'Light and Leaves', 'The Calvin Cycle'][index] ?? `Lesson ${index + 1}`,
    summary: '',
    objectives: [],
    key_terms: [],
    job_id: jobId,
    video: jobId
      ? {
          title: `Lesson ${index + 1}`,
          duration: '1:00',
          duration_minutes: 1,
          video_url: `/api/video/${jobId}`,
          subtitle_url: `/api/media/subtitles/${jobId}`,
          chapters_url: `/api/media/chapters/${jobId}`,
          transcript_url: `/api/media/transcript/${jobId}`,
          thumbnail_url: null,
          has_thumbnail: false,
        }
      : null,
  } as Schemas['PublicLesson'];
}

const progressRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.url.includes('/progress'));

beforeEach(() => {
  window.localStorage.clear();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

describe('/embed/video/{id}', () => {
  it('shows the published video alone, with captions, chapters, its questions and a link to Lectern', async () => {
    const { requests } = mockFetch(videoRoutes('job-1', 'How Plants Eat Light'));
    renderApp({ path: '/embed/video/job-1', session: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'How Plants Eat Light' })).toBeInTheDocument();
    // No app chrome: no navigation, sign-in or footer.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Log In/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();

    const video = screen.getByTestId('video') as HTMLVideoElement;
    expect(video).toHaveAttribute('src', '/api/video/job-1');
    expect(video.querySelector('track')).toHaveAttribute('src', '/api/media/subtitles/job-1');
    const watch = screen.getByRole('link', { name: /Watch on Lectern/ });
    expect(watch).toHaveAttribute('href', `${window.location.origin}/watch/job-1`);
    expect(watch).toHaveAttribute('target', '_blank');
    expect(watch).toHaveAttribute('rel', 'noopener');
    expect(await screen.findByRole('list', { name: 'Chapters' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download video/ })).not.toBeInTheDocument();
    expect(document.title).toBe('How Plants Eat Light · Lectern');

    // The question pauses the video as in the app; nothing is reported for the anonymous viewer.
    await screen.findByRole('button', { name: /Question 1/ });
    video.currentTime = 9.6;
    fireEvent.play(video);
    video.currentTime = 10.1;
    fireEvent.timeUpdate(video);
    const panel = await screen.findByRole('dialog', { name: 'Question 1 of 1' });
    fireEvent.click(within(panel).getByRole('radio', { name: 'Chloroplasts' }));
    fireEvent.click(within(panel).getByRole('button', { name: /Check answer/ }));
    expect(within(panel).getByRole('status')).toHaveTextContent('Correct');
    fireEvent.pause(video);
    expect(progressRequests(requests)).toEqual([]);
    expect(requests.every((r) => !r.headers.has('Authorization'))).toBe(true);
  });

  it('says so when the video is not published', async () => {
    mockFetch({ 'GET /api/public/videos/job-9': () => json({ detail: 'Video not found' }, 404) });
    renderApp({ path: '/embed/video/job-9', session: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('This video is not available');
    expect(screen.queryByTestId('video')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows a loading state, then an error with Try again', async () => {
    let answer: () => Response | Promise<Response> = () => never();
    mockFetch({ 'GET /api/public/videos/job-1': () => answer() });
    renderApp({ path: '/embed/video/job-1', session: null });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the video…');
    answer = () => json({ detail: 'Internal server error' }, 500);
    // The query is asked once: a new render asks again.
    const { unmount } = renderApp({ path: '/embed/video/job-1', session: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('The video could not be loaded');
    expect(screen.getByRole('alert')).toHaveTextContent('Internal server error');
    answer = () => json(publicVideo('job-1', 'Back again'));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeInTheDocument();
    unmount();
  });
});

describe('/embed/course/{id}', () => {
  it('plays the first lesson with a video and switches lessons from the list', async () => {
    const course = { ...makeCourseItem({ id: 'c1', title: 'Photosynthesis in Three Lessons', is_public: true }), audience: '', prerequisites: [], offline_draft: false, lessons: [lesson(0, null), lesson(1, 'job-l1'), lesson(2, 'job-l2')] };
    mockFetch({
      'GET /api/public/courses/c1': () => json(course),
      ...videoRoutes('job-l1', 'Light and Leaves'),
      ...videoRoutes('job-l2', 'The Calvin Cycle'),
    });
    renderApp({ path: '/embed/course/c1', session: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Photosynthesis in Three Lessons' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Light and Leaves' })).toBeInTheDocument();
    expect(screen.getByTestId('video')).toHaveAttribute('src', '/api/video/job-l1');

    const lessons = screen.getByRole('list', { name: 'Lessons' });
    expect(within(lessons).getAllByRole('listitem')[0]).toHaveTextContent('No video yet');
    expect(within(lessons).queryByRole('button', { name: /Getting Started/ })).not.toBeInTheDocument();
    expect(within(lessons).getByRole('button', { name: 'Lesson 2: Light and Leaves' })).toHaveAttribute('aria-current', 'true');

    fireEvent.click(within(lessons).getByRole('button', { name: 'Lesson 3: The Calvin Cycle' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'The Calvin Cycle' })).toBeInTheDocument();
    expect(screen.getByTestId('video')).toHaveAttribute('src', '/api/video/job-l2');
    expect(within(lessons).getByRole('button', { name: 'Lesson 3: The Calvin Cycle' })).toHaveAttribute('aria-current', 'true');
  });

  it('says so when the course is not published', async () => {
    mockFetch({ 'GET /api/public/courses/c9': () => json({ detail: 'Course not found' }, 404) });
    renderApp({ path: '/embed/course/c9', session: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('This course is not available');
  });
});

describe('/watch/{id}', () => {
  it('shows a published video to anyone inside the app', async () => {
    mockFetch(videoRoutes('job-1', 'How Plants Eat Light'));
    renderApp({ path: '/watch/job-1', session: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'How Plants Eat Light' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Watch on Lectern/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('video')).toHaveAttribute('src', '/api/video/job-1');
  });
});

describe('the Embed button', () => {
  function servePlayer(isPublic: boolean) {
    return mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits),
      'GET /api/job/job-1/status': () => json(makeJobStatus({ status: 'completed', progress: 100, video_url: '/api/video/job-1?t=a' })),
      'GET /api/library/videos/job-1': () => json(makeMediaItem({ is_public: isPublic, title: 'How Plants Eat Light' })),
    });
  }

  it('is on the player of a published video of the user’s, with its snippet', async () => {
    servePlayer(true);
    const { user } = renderApp({ path: '/video/job-1', session: makeSession() });
    await user.click(await screen.findByRole('button', { name: 'Embed' }));
    expect(screen.getByRole('textbox', { name: 'Embed code' })).toHaveValue(
      `<iframe src="${window.location.origin}/embed/video/job-1" title="How Plants Eat Light – Lectern" width="640" height="360" style="border:0" allow="fullscreen" allowfullscreen></iframe>`,
    );
  });

  it('is not on the player of an unpublished video', async () => {
    servePlayer(false);
    renderApp({ path: '/video/job-1', session: makeSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'How Plants Eat Light' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Embed' })).not.toBeInTheDocument();
  });
});
