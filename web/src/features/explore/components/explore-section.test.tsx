import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PublicCourse } from '@/features/explore/api/get-public-course';
import { json, mockFetch, never } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';
import { makeCourseItem, makeMediaItem } from '@/testing/make-media-item';

const published = makeMediaItem({
  id: 'v9',
  job_id: 'job-9',
  title: 'How rainbows form',
  is_public: true,
  created_at: '2026-03-05T10:00:00Z',
  thumbnail_url: '/api/media/thumbnail/job-9',
  video_url: '/api/video/job-9',
  subtitle_url: '/api/media/subtitles/job-9',
  chapters_url: '/api/media/chapters/job-9',
  transcript_url: '/api/media/transcript/job-9',
});

const publishedCourse = makeCourseItem({ is_public: true, lesson_count: 3, thumbnail_url: '/api/media/course-thumbnail/course-1' });

const lessonVideo = {
  title: 'Finding the planets',
  duration: '1:00',
  duration_minutes: 1,
  thumbnail_url: '/api/media/thumbnail/job-l2',
  video_url: '/api/video/job-l2',
  subtitle_url: '/api/media/subtitles/job-l2',
  chapters_url: '/api/media/chapters/job-l2',
  transcript_url: '/api/media/transcript/job-l2',
};

const courseDetail: PublicCourse = {
  ...publishedCourse,
  audience: 'Curious beginners',
  prerequisites: [],
  offline_draft: false,
  lessons: [
    { lesson_index: 0, title: 'The night sky', summary: 'What you see without a telescope.', objectives: [], key_terms: [], job_id: null, video: null },
    { lesson_index: 1, title: 'Finding the planets', summary: 'Wanderers among the stars.', objectives: [], key_terms: [], job_id: 'job-l2', video: lessonVideo },
    { lesson_index: 2, title: 'Stars and their colours', summary: '', objectives: [], key_terms: [], job_id: null, video: null },
  ],
};

function explore(
  courses = [publishedCourse],
  videos = [published],
  course: () => Response | Promise<Response> = () => json(courseDetail),
) {
  return mockFetch({
    'POST /auth/refresh': () => json({ detail: 'Not signed in' }, 401),
    'GET /api/public/explore/courses': () => json({ courses, has_more: false }),
    'GET /api/public/explore/videos': () => json({ videos, has_more: false }),
    'GET /api/public/courses/course-1': course,
    'GET /api/media/transcript/job-l2': () => json({ cues: [{ start: 0, end: 2, text: 'Mars looks red.' }] }),
    'GET /api/media/chapters/job-9': () => new Response('WEBVTT\n', { headers: { 'content-type': 'text/vtt' } }),
    'GET /api/media/transcript/job-9': () => json({ cues: [{ start: 0, end: 2, text: 'Light bends in raindrops.' }] }),
  });
}

beforeEach(() => window.localStorage.clear());

describe('explore on the landing page', () => {
  it('shows a visitor what was published, newest first, asking without sign-in', async () => {
    const { requests } = explore();
    renderApp({ path: '/', session: null });
    const grid = await screen.findByRole('list', { name: 'Explore catalogue' });
    const titles = within(grid).getAllByRole('heading').map((h) => h.textContent);
    expect(titles).toEqual(['How rainbows form', 'Astronomy for beginners']);
    expect(within(grid).getByTestId('media-card').querySelector('img')).toHaveAttribute('src', '/api/media/thumbnail/job-9');
    const calls = requests.filter((r) => r.url.startsWith('/api/public/explore/'));
    expect(calls.map((r) => r.url).sort()).toEqual([
      '/api/public/explore/courses?limit=50&offset=0',
      '/api/public/explore/videos?limit=50&offset=0',
    ]);
    expect(calls.every((r) => !r.headers.has('Authorization'))).toBe(true);
  });

  it('plays a published video in place, with its subtitles and transcript', async () => {
    explore();
    const { user } = renderApp({ path: '/', session: null });
    await user.click(await screen.findByRole('button', { name: /^Play How rainbows form/ }));
    const dialog = screen.getByRole('dialog', { name: 'How rainbows form' });
    const video = within(dialog).getByTestId('video');
    expect(video).toHaveAttribute('src', '/api/video/job-9');
    expect(video.querySelector('track')).toHaveAttribute('src', '/api/media/subtitles/job-9');
    expect(await within(dialog).findByText('Light bends in raindrops.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a published course’s summary in place', async () => {
    explore();
    const { user } = renderApp({ path: '/', session: null });
    await user.click(await screen.findByRole('button', { name: /^Open Astronomy for beginners/ }));
    const dialog = screen.getByRole('dialog', { name: 'Astronomy for beginners' });
    expect(within(dialog).getByText('3 lessons')).toBeInTheDocument();
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/api/media/course-thumbnail/course-1');
  });

  it('lists a published course’s lessons in order, asking without sign-in', async () => {
    const { requests } = explore();
    const { user } = renderApp({ path: '/', session: null });
    await user.click(await screen.findByRole('button', { name: /^Open Astronomy for beginners/ }));
    const dialog = screen.getByRole('dialog', { name: 'Astronomy for beginners' });
    const list = await within(dialog).findByRole('list', { name: 'Lessons' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.explore-lesson__title')?.textContent)).toEqual([
      'Lesson 1: The night sky',
      'Lesson 2: Finding the planets',
      'Lesson 3: Stars and their colours',
    ]);
    expect(within(rows[0]!).getByText('No video yet')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Watch lesson 2' })).toBeInTheDocument();
    expect(within(rows[2]!).getByText('No video yet')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Watch lesson [13]/ })).not.toBeInTheDocument();
    const call = requests.find((r) => r.url === '/api/public/courses/course-1');
    expect(call?.headers.has('Authorization')).toBe(false);
  });

  it('plays a lesson in the course dialog with the app’s player', async () => {
    explore();
    const { user } = renderApp({ path: '/', session: null });
    await user.click(await screen.findByRole('button', { name: /^Open Astronomy for beginners/ }));
    const dialog = screen.getByRole('dialog', { name: 'Astronomy for beginners' });
    await user.click(await within(dialog).findByRole('button', { name: 'Watch lesson 2' }));
    const lesson = within(dialog).getByRole('region', { name: 'Lesson 2: Finding the planets' });
    const video = within(lesson).getByTestId('video');
    expect(video).toHaveAttribute('src', '/api/video/job-l2');
    expect(video.querySelector('track')).toHaveAttribute('src', '/api/media/subtitles/job-l2');
    expect(await within(lesson).findByText('Mars looks red.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Watch lesson 2' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says the lessons are loading while they are on the way', async () => {
    explore(undefined, undefined, () => never<Response>());
    const { user } = renderApp({ path: '/', session: null });
    await user.click(await screen.findByRole('button', { name: /^Open Astronomy for beginners/ }));
    const dialog = screen.getByRole('dialog', { name: 'Astronomy for beginners' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the lessons…');
    expect(within(dialog).queryByRole('list', { name: 'Lessons' })).not.toBeInTheDocument();
  });

  it('offers to try again when the lessons could not be loaded', async () => {
    let fail = true;
    explore(undefined, undefined, () => (fail ? json({ detail: 'Database unavailable' }, 503) : json(courseDetail)));
    const { user } = renderApp({ path: '/', session: null });
    await user.click(await screen.findByRole('button', { name: /^Open Astronomy for beginners/ }));
    const dialog = screen.getByRole('dialog', { name: 'Astronomy for beginners' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The lessons could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByRole('list', { name: 'Lessons' })).toBeInTheDocument();
  });

  it('says so when the course is no longer published', async () => {
    explore(undefined, undefined, () => json({ detail: 'Course not found' }, 404));
    const { user } = renderApp({ path: '/', session: null });
    await user.click(await screen.findByRole('button', { name: /^Open Astronomy for beginners/ }));
    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(alert).toHaveTextContent('This course is no longer published.');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });

  it('filters by kind', async () => {
    explore(undefined, [published, makeMediaItem({ id: 'v8', title: 'Solving x + 1 = 2', video_type: 'problem_solving', is_public: true })]);
    const { user } = renderApp({ path: '/', session: null });
    const grid = await screen.findByRole('list', { name: 'Explore catalogue' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Solutions' }));
    expect(within(screen.getByRole('list', { name: 'Explore catalogue' })).getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'Solving x + 1 = 2',
    ]);
  });

  it('is left out while nothing is published', async () => {
    explore([], []);
    renderApp({ path: '/', session: null });
    expect(await screen.findByRole('heading', { name: /Turn any topic/ })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: /shared by learners/ })).not.toBeInTheDocument();
  });
});

describe('explore for a visitor (issue 54)', () => {
  it('puts what is open in the address, so that the link opens it again, and names it once', async () => {
    explore([publishedCourse], [{ ...published, topic: 'How rainbows form' }]);
    const { user, router } = renderApp({ path: '/', session: null });
    await user.click(await screen.findByRole('button', { name: /^Play How rainbows form/ }));
    expect(router.state.location.search).toBe('?video=job-9');
    const dialog = screen.getByRole('dialog', { name: 'How rainbows form' });
    expect(within(dialog).getAllByText('How rainbows form')).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(router.state.location.search).toBe('');
    await router.navigate('/?course=course-1');
    expect(await screen.findByRole('dialog', { name: 'Astronomy for beginners' })).toBeInTheDocument();
  });

  it('shows no owner’s chips on the catalogue’s cards', async () => {
    explore();
    renderApp({ path: '/', session: null });
    const grid = await screen.findByRole('list', { name: 'Explore catalogue' });
    expect(within(grid).queryByText('Ready')).not.toBeInTheDocument();
    expect(within(grid).queryByText('Public')).not.toBeInTheDocument();
  });
});
