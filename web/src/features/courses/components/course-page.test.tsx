import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/testing/mock-fetch';
import { makeJobStatus } from '@/testing/make-job-status';
import { makeMediaItem } from '@/testing/make-media-item';
import { makeSession } from '@/testing/data';
import { renderApp } from '@/testing/render-app';
import type { CourseDetail, CourseLesson } from '@/features/courses/api/get-course';
import type { components } from '@/types/openapi';

function credits(available: number) {
  return { credits: { available, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };
}

const titles = ['Getting Started', 'The Core Vocabulary', 'The Central Ideas', 'Worked Examples', 'Putting It into Practice'];

function lesson(index: number, status: string, extra: Partial<CourseLesson> = {}): CourseLesson {
  return {
    lesson_index: index,
    title: titles[index] ?? `Lesson ${index + 1}`,
    objectives: [`Objective of lesson ${index + 1}`],
    summary: `Summary of lesson ${index + 1}.`,
    key_terms: [`term ${index + 1}`],
    status,
    job_id: null,
    video_id: null,
    progress: null,
    current_step: null,
    error: null,
    video: null,
    completed: false,
    sources: [],
    ...extra,
  };
}

function course(lessons: CourseLesson[] = defaultLessons()): CourseDetail {
  return {
    id: 'c1',
    job_id: 'job-course',
    title: 'Vaccines and the Immune System',
    description: 'Offline draft: a study skeleton.',
    goal: 'Understand how vaccines train the immune system',
    status: 'completed',
    lesson_count: lessons.length,
    created_at: '2026-03-01T10:00:00Z',
    thumbnail_url: null,
    has_thumbnail: false,
    detail_level: 2,
    background_knowledge: 'High-school biology',
    audience: 'Learners who know the basics',
    prerequisites: ['The basic terms of the subject'],
    offline_draft: true,
    script_engine: 'offline',
    lessons,
    progress: { lessons: lessons.length, lessons_completed: 0, checkpoints_correct: 0, checkpoints_answered: 0 },
  };
}

function defaultLessons(): CourseLesson[] {
  return [
    lesson(0, 'completed', {
      job_id: 'job-l0',
      video_id: 'v0',
      video: {
        id: 'v0',
        job_id: 'job-l0',
        title: 'Getting Started',
        video_type: 'course_lesson',
        status: 'completed',
        created_at: '2026-03-01T10:00:00Z',
        video_url: '/api/video/job-l0?t=x',
        subtitle_url: '/api/media/subtitles/job-l0?t=x',
      },
    }),
    lesson(1, 'none'),
    lesson(2, 'processing', { job_id: 'job-l2', progress: 40, current_step: 'Recording narration (3/9 sentences)' }),
    lesson(3, 'failed', { job_id: 'job-l3', error: 'narration stage failed: no voice' }),
    lesson(4, 'none'),
  ];
}

type VideoProgress = components['schemas']['VideoProgress'];

function videoProgress(overrides: Partial<VideoProgress> = {}): VideoProgress {
  return {
    video_id: 'v0',
    position_seconds: 0,
    furthest_seconds: 0,
    duration_seconds: 0,
    completed: false,
    checkpoints: [],
    checkpoints_correct: 0,
    checkpoints_answered: 0,
    recorded_at: null,
    ...overrides,
  };
}

beforeEach(() => window.localStorage.clear());

describe('course detail page', () => {
  it('lists the lessons in order with their status, and opens a finished lesson in the player', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(7)),
      'GET /api/courses/c1': () => json(course()),
    });
    renderApp({ path: '/courses/c1', session: makeSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vaccines and the Immune System' })).toBeInTheDocument();
    expect(screen.getByText('Offline draft')).toBeInTheDocument();
    expect(screen.getByTestId('course-ready-count')).toHaveTextContent('1 of 5');

    const rows = within(screen.getByRole('list', { name: 'Lessons' })).getAllByTestId('lesson');
    expect(rows.map((r) => within(r).getByTestId('lesson-status').textContent)).toEqual([
      'Ready',
      'No video yet',
      'Generating',
      'Failed',
      'No video yet',
    ]);
    expect(within(rows[2]!).getByText('Recording narration (3/9 sentences)')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('narration stage failed: no voice')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('list', { name: 'Key terms of lesson 2' })).toHaveTextContent('term 2');

    const watch = screen.getByRole('link', { name: 'Watch lesson 1: Getting Started' });
    expect(watch).toHaveAttribute('href', '/video/job-l0');
    expect(screen.getByRole('button', { name: 'Generate all lessons (3)' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Try again for lesson 4: Worked Examples' })).toBeInTheDocument();
  });

  it('generates one lesson for free through the AI Generation Queue', async () => {
    let served = 0;
    const { requests } = mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(7)),
      'GET /api/courses/c1': () => {
        served += 1;
        const lessons = defaultLessons();
        return json(course(served > 1 ? lessons.map((l) => (l.lesson_index === 1 ? { ...l, status: 'queued', job_id: 'job-l1' } : l)) : lessons));
      },
      'POST /api/generate-lesson-video': () =>
        json({ job_id: 'job-l1', lesson_index: 1, status: 'queued', started: true, cost: 0 }, 202),
      'GET /api/job/job-l1/status': () => json({ job_id: 'job-l1', kind: 'course_video', status: 'queued', progress: 0, current_step: 'Queued for processing...' }),
    });
    const { user } = renderApp({ path: '/courses/c1', session: makeSession() });
    await user.click(await screen.findByRole('button', { name: 'Generate video for lesson 2: The Core Vocabulary' }));

    const sent = requests.find((r) => r.url === '/api/generate-lesson-video');
    expect(sent?.body).toEqual({ course_id: 'c1', lesson_index: 1, user_id: 'user-1', dry_run: false });
    const panel = await screen.findByTestId('queue-panel');
    const item = within(panel).getByTestId('queue-item');
    expect(item).toHaveTextContent('The Core Vocabulary');
    expect(item).toHaveTextContent('Lesson 2');
    expect(item).toHaveTextContent('0 credits');
    await waitFor(() => expect(served).toBeGreaterThan(1));
    const rows = screen.getAllByTestId('lesson');
    await waitFor(() => expect(within(rows[1]!).getByTestId('lesson-status')).toHaveTextContent('Queued'));
  });

  it('generates all lessons without a video as one batch, one queue item per lesson', async () => {
    const { requests } = mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(7)),
      'GET /api/courses/c1': () => json(course()),
      'POST /api/generate-all-lesson-videos': () => json({ job_ids: ['job-a', 'job-b', 'job-c'], started: 3, cost: 0 }, 202),
    });
    const { user } = renderApp({ path: '/courses/c1', session: makeSession() });
    await user.click(await screen.findByRole('button', { name: 'Generate all lessons (3)' }));
    const sent = requests.find((r) => r.url === '/api/generate-all-lesson-videos');
    expect(sent?.body).toEqual({ course_id: 'c1', user_id: 'user-1', lesson_indices: [1, 3, 4] });
    const panel = await screen.findByTestId('queue-panel');
    const items = within(panel).getAllByTestId('queue-item');
    expect(items.map((i) => i.querySelector('.queue-item__title')?.textContent)).toEqual([
      'The Core Vocabulary',
      'Worked Examples',
      'Putting It into Practice',
    ]);
  });

  it("shows SPEC's messages when a lesson or a batch cannot start", async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(7)),
      'GET /api/courses/c1': () => json(course()),
      'POST /api/generate-lesson-video': () => new Response('oops', { status: 500, statusText: 'Internal Server Error' }),
      'POST /api/generate-all-lesson-videos': () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
    });
    const { user } = renderApp({ path: '/courses/c1', session: makeSession() });
    await user.click(await screen.findByRole('button', { name: 'Generate video for lesson 5: Putting It into Practice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to start lesson generation: 500');
    await user.click(screen.getByRole('button', { name: 'Generate all lessons (3)' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to start batch generation'));
    expect(screen.queryByTestId('queue-panel')).not.toBeInTheDocument();
  });

  it("shows the server's reason when it gives one", async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(7)),
      'GET /api/courses/c1': () => json(course()),
      'POST /api/generate-all-lesson-videos': () =>
        json({ detail: [{ loc: ['body', 'lesson_indices', 1], msg: 'There is no lesson 9', type: 'value_error' }] }, 422),
    });
    const { user } = renderApp({ path: '/courses/c1', session: makeSession() });
    await user.click(await screen.findByRole('button', { name: 'Generate all lessons (3)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no lesson 9.');
  });

  it('sums up the lessons completed, with an accessible bar, and marks each completed lesson', async () => {
    const lessons = defaultLessons().map((l) => (l.lesson_index === 0 ? { ...l, completed: true } : l));
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(7)),
      'GET /api/courses/c1': () =>
        json({ ...course(lessons), progress: { lessons: 5, lessons_completed: 1, checkpoints_correct: 0, checkpoints_answered: 0 } }),
    });
    renderApp({ path: '/courses/c1', session: makeSession() });
    const summary = await screen.findByRole('region', { name: 'Your progress' });
    // No checkpoint was answered: no share of them is shown.
    expect(within(summary).getByTestId('course-summary')).toHaveTextContent(/^1 of 5 lessons completed$/);
    const bar = within(summary).getByRole('progressbar', { name: 'Lessons completed' });
    expect(bar).toHaveAttribute('aria-valuenow', '1');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '5');

    const rows = screen.getAllByTestId('lesson');
    expect(rows.map((r) => within(r).queryByText('Completed') !== null)).toEqual([true, false, false, false, false]);
    expect(within(rows[0]!).getByTestId('lesson-completed').querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('adds the share of checkpoints answered right once one was answered', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(7)),
      'GET /api/courses/c1': () =>
        json({ ...course(), progress: { lessons: 5, lessons_completed: 3, checkpoints_correct: 4, checkpoints_answered: 5 } }),
    });
    renderApp({ path: '/courses/c1', session: makeSession() });
    expect(await screen.findByTestId('course-summary')).toHaveTextContent(/^3 of 5 lessons completed, 80% of checkpoints$/);
    expect(screen.getByRole('progressbar', { name: 'Lessons completed' })).toHaveAttribute('aria-valuenow', '3');
  });

  it('counts a lesson watched to the end when the learner comes back to the course', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    let watched = false;
    const { requests } = mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(7)),
      'GET /api/courses/c1': () => {
        const lessons = defaultLessons().map((l) => (l.lesson_index === 0 ? { ...l, completed: watched } : l));
        return json({ ...course(lessons), progress: { lessons: 5, lessons_completed: watched ? 1 : 0, checkpoints_correct: 0, checkpoints_answered: 0 } });
      },
      'GET /api/job/job-l0/status': () =>
        json(makeJobStatus({ job_id: 'job-l0', status: 'completed', progress: 100, video_url: '/api/video/job-l0?t=x', subtitle_url: '/api/media/subtitles/job-l0?t=x' })),
      'GET /api/library/videos/job-l0': () => json(makeMediaItem({ id: 'v0', job_id: 'job-l0', video_type: 'course_lesson' })),
      'GET /api/video/job-l0/progress': () => json(videoProgress({ duration_seconds: 60 })),
      'POST /api/video/job-l0/progress': (req) => {
        watched = true;
        return json(videoProgress({ ...(req.body as object), duration_seconds: 60, completed: true }));
      },
    });
    const { user } = renderApp({ path: '/courses/c1', session: makeSession() });
    expect(await screen.findByTestId('course-summary')).toHaveTextContent('0 of 5 lessons completed');

    await user.click(screen.getByRole('link', { name: 'Watch lesson 1: Getting Started' }));
    const video = (await screen.findByTestId('video')) as HTMLVideoElement;
    await waitFor(() => expect(requests.some((r) => r.url === '/api/video/job-l0/progress')).toBe(true));
    video.currentTime = 0;
    fireEvent.play(video);
    video.currentTime = 60;
    fireEvent.timeUpdate(video);
    fireEvent.ended(video);
    await waitFor(() => expect(watched).toBe(true));

    await user.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => expect(screen.getByTestId('course-summary')).toHaveTextContent('1 of 5 lessons completed'));
    expect(within(screen.getAllByTestId('lesson')[0]!).getByText('Completed')).toBeInTheDocument();
  });

  it('says which documents and pages each lesson of a course from documents is written from', async () => {
    const lessons = defaultLessons().map((l) => {
      if (l.lesson_index === 0) return { ...l, sources: [{ source_id: 's-glass', title: 'Velmora glass', pages: [2, 3], passages: 3 }] };
      if (l.lesson_index === 1)
        return {
          ...l,
          sources: [
            { source_id: 's-glass', title: 'Velmora glass', pages: [1, 2, 3, 5], passages: 4 },
            { source_id: 's-brine', title: 'Brine recipes', pages: [], passages: 1 },
          ],
        };
      if (l.lesson_index === 2) return { ...l, sources: [{ source_id: 's-gone', title: null, pages: [4], passages: 2 }] };
      return l;
    });
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(7)),
      'GET /api/courses/c1': () => json(course(lessons)),
    });
    renderApp({ path: '/courses/c1', session: makeSession() });
    await screen.findByRole('heading', { level: 1, name: 'Vaccines and the Immune System' });
    const rows = within(screen.getByRole('list', { name: 'Lessons' })).getAllByTestId('lesson');
    expect(rows.map((r) => within(r).queryByTestId('lesson-sources')?.textContent?.trim() ?? null)).toEqual([
      'From Velmora glass, pages 2–3',
      'From Velmora glass, pages 1–3, 5; Brine recipes',
      'From a document you deleted',
      null,
      null,
    ]);
    // Words, not a colour or the icon alone, say it.
    expect(within(rows[0]!).getByText('From Velmora glass, pages 2–3')).toBeVisible();
    expect(within(rows[0]!).getByTestId('lesson-sources').querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it("answers another user's or a deleted course with Course not found", async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(7)),
      'GET /api/courses/c1': () => json({ detail: 'Course not found' }, 404, 'Not Found'),
    });
    renderApp({ path: '/courses/c1', session: makeSession() });
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
  });

  it('offers the embed code of a published course, and nothing for a private one (issue 17)', async () => {
    let published = true;
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(7)),
      'GET /api/courses/c1': () => json({ ...course(), is_public: published }),
    });
    const { user, unmount } = renderApp({ path: '/courses/c1', session: makeSession() });
    await user.click(await screen.findByRole('button', { name: 'Embed' }));
    const code = screen.getByRole('textbox', { name: 'Embed code' });
    expect(code).toHaveValue(
      `<iframe src="${window.location.origin}/embed/course/c1" title="Vaccines and the Immune System – Lectern" width="640" height="560" style="border:0" allow="fullscreen" allowfullscreen></iframe>`,
    );
    unmount();

    published = false;
    renderApp({ path: '/courses/c1', session: makeSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vaccines and the Immune System' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Embed' })).not.toBeInTheDocument();
  });
});
