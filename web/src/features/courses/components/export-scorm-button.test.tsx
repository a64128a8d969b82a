import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/testing/mock-fetch';
import { makeSession } from '@/testing/data';
import { renderApp } from '@/testing/render-app';
import type { CourseDetail, CourseLesson } from '@/features/courses/api/get-course';

function lesson(index: number, finished: boolean): CourseLesson {
  return {
    lesson_index: index,
    title: `Lesson ${index + 1}`,
    objectives: [],
    summary: '',
    key_terms: [],
    status: finished ? 'completed' : 'none',
    job_id: finished ? `job-l${index}` : null,
    video_id: finished ? `v${index}` : null,
    progress: null,
    current_step: null,
    error: null,
    video: finished
      ? {
          id: `v${index}`,
          job_id: `job-l${index}`,
          title: `Lesson ${index + 1}`,
          video_type: 'course_lesson',
          status: 'completed',
          created_at: '2026-03-01T10:00:00Z',
          video_url: `/api/video/job-l${index}?t=x`,
          subtitle_url: `/api/media/subtitles/job-l${index}?t=x`,
        }
      : null,
    completed: false,
    sources: [],
  };
}

function course(lessons: CourseLesson[]): CourseDetail {
  return {
    id: 'c1',
    job_id: 'job-course',
    title: 'Vaccines & the Immune System',
    description: '',
    goal: 'Understand how vaccines train the immune system',
    status: 'completed',
    lesson_count: lessons.length,
    created_at: '2026-03-01T10:00:00Z',
    thumbnail_url: null,
    has_thumbnail: false,
    detail_level: 2,
    background_knowledge: '',
    audience: '',
    prerequisites: [],
    offline_draft: false,
    script_engine: null,
    lessons,
    progress: { lessons: lessons.length, lessons_completed: 0, checkpoints_correct: 0, checkpoints_answered: 0 },
  };
}

const credits = { credits: { available: 7, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };

function zip(): Response {
  return new Response('PK\u0003\u0004 package bytes', { status: 200, headers: { 'content-type': 'application/zip' } });
}

/** Every download the page starts: the link's address and file name, as it was clicked. */
function watchDownloads() {
  const downloads: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ href: this.href, download: this.download });
  });
  return downloads;
}

beforeEach(() => window.localStorage.clear());

describe('Export for LMS', () => {
  it('downloads the SCORM package with the bearer token, saying so while it is prepared', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { requests } = mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits),
      'GET /api/courses/c1': () => json(course([lesson(0, true), lesson(1, false)])),
      'GET /api/courses/c1/scorm': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const downloads = watchDownloads();
    const createObjectURL = vi.spyOn(URL, 'createObjectURL');
    const { user } = renderApp({ path: '/courses/c1', session: makeSession() });

    const button = await screen.findByRole('button', { name: 'Export for LMS' });
    expect(button).toHaveAccessibleDescription('A SCORM 1.2 package of the finished lesson videos, for Moodle, Canvas and other LMSs.');
    await user.click(button);
    const pending = await screen.findByRole('button', { name: 'Preparing package…' });
    expect(pending).toBeDisabled();

    const sent = requests.find((r) => r.url === '/api/courses/c1/scorm');
    expect(sent?.method).toBe('GET');
    expect(sent?.headers.get('Authorization')).toBe('Bearer access-1');

    answer(zip());
    await waitFor(() => expect(downloads).toHaveLength(1));
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toBe('PK\u0003\u0004 package bytes');
    expect(downloads[0]?.download).toBe('vaccines-the-immune-system-scorm.zip');
    expect(downloads[0]?.href).toMatch(/^blob:/);
    expect(await screen.findByRole('button', { name: 'Export for LMS' })).toBeEnabled();
    expect(screen.getByText('Downloaded vaccines-the-immune-system-scorm.zip.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the API's reason when no lesson video is finished yet (409)", async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits),
      'GET /api/courses/c1': () => json(course([lesson(0, true)])),
      'GET /api/courses/c1/scorm': () => json({ detail: 'No lesson of this course has a finished video yet.' }, 409, 'Conflict'),
    });
    const downloads = watchDownloads();
    const { user } = renderApp({ path: '/courses/c1', session: makeSession() });
    await user.click(await screen.findByRole('button', { name: 'Export for LMS' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^No lesson of this course has a finished video yet\.$/);
    expect(screen.getByRole('button', { name: 'Export for LMS' })).toBeEnabled();
    expect(downloads).toEqual([]);
  });

  it('says the package could not be prepared when the server fails', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits),
      'GET /api/courses/c1': () => json(course([lesson(0, true)])),
      'GET /api/courses/c1/scorm': () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    });
    watchDownloads();
    const { user } = renderApp({ path: '/courses/c1', session: makeSession() });
    await user.click(await screen.findByRole('button', { name: 'Export for LMS' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The package could not be prepared: HTTP 500: Internal Server Error');
  });

  it('is disabled, saying why, while no lesson video is finished', async () => {
    const { requests } = mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits),
      'GET /api/courses/c1': () => json(course([lesson(0, false), lesson(1, false)])),
    });
    renderApp({ path: '/courses/c1', session: makeSession() });
    const button = await screen.findByRole('button', { name: 'Export for LMS' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Available once a lesson video is finished.');
    expect(requests.some((r) => r.url.endsWith('/scorm'))).toBe(false);
  });
});
