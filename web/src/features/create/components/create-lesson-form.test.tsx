import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/mock-fetch';
import { makeSession, makeUser } from '@/testing/data';
import { renderApp } from '@/testing/render-app';
import { makeJobStatus } from '@/testing/make-job-status';

function credits(available: number) {
  return { credits: { available, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };
}

beforeEach(() => window.localStorage.clear());

describe('create lesson screen', () => {
  it('shows the cost before submitting: 1 credit, 2 from 10 minutes', async () => {
    mockFetch({ 'GET /api/auth/user/user-1/credits': () => json(credits(10)) });
    renderApp({ path: '/create/lesson', session: makeSession() });
    const cost = await screen.findByTestId('video-cost');
    expect(cost).toHaveTextContent('1 credit');
    fireEvent.change(screen.getByLabelText('Length'), { target: { value: '10' } });
    expect(cost).toHaveTextContent('2 credits');
    fireEvent.change(screen.getByLabelText('Length'), { target: { value: '9' } });
    expect(cost).toHaveTextContent('1 credit');
  });

  it('is disabled with a clear message and Buy Credits when the balance is short', async () => {
    mockFetch({ 'GET /api/auth/user/user-1/credits': () => json(credits(1)) });
    renderApp({ path: '/lessons/new', session: makeSession() });
    const submit = await screen.findByRole('button', { name: /Generate video/ });
    await screen.findByText('1 credit', { selector: 'dd' });
    expect(submit).toBeEnabled();

    fireEvent.change(screen.getByLabelText('Length'), { target: { value: '12' } });
    expect(submit).toBeDisabled();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This video needs 2 credits and you have 1 credit.');
    expect(within(alert).getByRole('link', { name: 'Buy Credits' })).toHaveAttribute('href', '/credits');
  });

  it('says so when the user is out of credits', async () => {
    mockFetch({ 'GET /api/auth/user/user-1/credits': () => json(credits(0)) });
    renderApp({ path: '/create', session: makeSession() });
    expect(await screen.findByText(/You're out of credits. This video needs 1 credit./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Generate video/ })).toBeDisabled();
  });

  it('asks for a topic before sending anything', async () => {
    const { requests } = mockFetch({ 'GET /api/auth/user/user-1/credits': () => json(credits(10)) });
    const { user } = renderApp({ path: '/create/lesson', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    await user.click(screen.getByRole('button', { name: /Generate video/ }));
    expect(screen.getByText('Describe the topic your video should explain.')).toBeInTheDocument();
    expect(screen.getByLabelText('What should the video explain?')).toHaveFocus();
    expect(requests.some((r) => r.url === '/api/video/generate')).toBe(false);
  });

  it('sends the contract body, shows Initializing..., then follows the job to Ready to watch', async () => {
    let answerStart: (r: Response) => void = () => undefined;
    const { requests } = mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(10)),
      'POST /api/video/generate': () => new Promise<Response>((r) => (answerStart = r)),
      'GET /api/job/job-9/status': () =>
        json(makeJobStatus({ job_id: 'job-9', status: 'completed', progress: 100, video_url: '/api/video/job-9?t=a', subtitle_url: '/api/media/subtitles/job-9?t=a' })),
      'GET /api/auth/user/user-1/search': () => json({ courses: [], videos: [] }),
    });
    const { user, router } = renderApp({ path: '/create/lesson', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });

    await user.type(screen.getByLabelText('What should the video explain?'), 'Photosynthesis');
    await user.click(screen.getByRole('radio', { name: /Beginner/ }));
    fireEvent.change(screen.getByLabelText('Length'), { target: { value: '1' } });
    await user.click(screen.getByRole('switch', { name: /Subtitles/ }));
    await user.click(screen.getByRole('switch', { name: /Subtitles/ }));
    await user.click(screen.getByRole('button', { name: /Generate video/ }));

    expect(await screen.findByText('Initializing...')).toBeInTheDocument();
    const sent = requests.find((r) => r.url === '/api/video/generate');
    expect(sent?.body).toEqual({
      user_id: 'user-1',
      topic: 'Photosynthesis',
      level: 1,
      duration: 1,
      enable_subtitles: true,
      subtitle_style: 'modern',
      wpm: 150,
      dry_run: false,
      source_ids: [],
    });
    expect(sent?.headers.get('Authorization')).toBe('Bearer access-1');
    // The queue shows the job under its temporary id while the start request is out.
    expect(within(screen.getByTestId('queue-panel')).getByText('Starting…')).toBeInTheDocument();

    answerStart(json({ job_id: 'job-9', status: 'queued', cost: 1 }, 202));
    expect(await within(screen.getByTestId('generation-status')).findByText('Ready to watch')).toBeInTheDocument();
    // Nothing runs any more: the panel folds into its button in the navigation.
    expect(screen.queryByTestId('queue-panel')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Queue 0 active jobs: show the AI Generation Queue' });
    await user.click(toggle);
    expect(within(screen.getByTestId('queue-panel')).getByTestId('queue-item-state')).toHaveTextContent('Ready');
    expect(within(screen.getByTestId('queue-panel')).getByTestId('queue-item-outcome')).toHaveTextContent('Ready to watch');

    await user.click(screen.getByRole('link', { name: /Watch now/ }));
    expect(router.state.location.pathname).toBe('/video/job-9');
    expect(router.state.location.state).toMatchObject({ videoUrl: '/api/video/job-9?t=a', previousPage: '/create/lesson' });
  });

  it('shows the server detail and Buy Credits on 402, and leaves no job in the queue', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(1)),
      'POST /api/video/generate': () => json({ detail: 'Not enough credits: this video costs 1 and you have 0.' }, 402),
    });
    const { user } = renderApp({ path: '/create/lesson', session: makeSession() });
    await screen.findByText('1 credit', { selector: 'dd' });
    await user.type(screen.getByLabelText('What should the video explain?'), 'Fractions');
    await user.click(screen.getByRole('button', { name: /Generate video/ }));

    expect(await screen.findByText('Not enough credits: this video costs 1 and you have 0.')).toBeInTheDocument();
    expect(within(screen.getByTestId('generation-status')).getByRole('link', { name: 'Buy Credits' })).toHaveAttribute('href', '/credits');
    expect(screen.queryByTestId('queue-panel')).not.toBeInTheDocument();
  });

  it('previews the storyboard for free: the same request as a dry run, then the preview screen with the order', async () => {
    const { requests } = mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(0)),
      'POST /api/video/generate': () => json({ job_id: 'dry-7', status: 'queued', cost: 0, title: 'Tides' }, 202),
      'GET /api/job/dry-7/status': () => json(makeJobStatus({ job_id: 'dry-7', status: 'processing', progress: 10 })),
    });
    const { user, router } = renderApp({ path: '/create/lesson', session: makeSession() });
    await screen.findByText('0 credits', { selector: 'dd' });
    await user.type(screen.getByLabelText('What should the video explain?'), 'Tides');
    fireEvent.change(screen.getByLabelText('Length'), { target: { value: '12' } });
    // Out of credits, the video cannot be ordered, but its storyboard can be previewed.
    expect(screen.getByRole('button', { name: /Generate video/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Preview storyboard' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/preview/dry-7'));
    expect(router.state.location.search).toBe('?topic=Tides&level=2&duration=12&wpm=150&subtitles=1&from=lesson');
    expect(requests.find((r) => r.url === '/api/video/generate')?.body).toEqual({
      user_id: 'user-1',
      topic: 'Tides',
      level: 2,
      duration: 12,
      enable_subtitles: true,
      subtitle_style: 'modern',
      wpm: 150,
      dry_run: true,
      source_ids: [],
    });
    expect(screen.queryByTestId('queue-panel')).not.toBeInTheDocument();
  });

  it('shows a refused preview (429, too many this hour) in place', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(10)),
      'POST /api/video/generate': () => json({ detail: 'You have used your 5 free previews this hour; try again in 12 minutes.' }, 429),
    });
    const { user, router } = renderApp({ path: '/create/lesson', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    await user.type(screen.getByLabelText('What should the video explain?'), 'Tides');
    await user.click(screen.getByRole('button', { name: 'Preview storyboard' }));

    expect(await screen.findByTestId('preview-error')).toHaveTextContent(
      'You have used your 5 free previews this hour; try again in 12 minutes.',
    );
    expect(screen.getByTestId('preview-error')).toHaveAttribute('role', 'alert');
    expect(router.state.location.pathname).toBe('/create/lesson');
    expect(screen.getByRole('button', { name: 'Preview storyboard' })).toBeEnabled();
  });

  it('leaves a course to its own form', async () => {
    mockFetch({ 'GET /api/auth/user/user-1/credits': () => json(credits(10)) });
    renderApp({ path: '/create/course', session: makeSession() });
    expect(await screen.findByRole('button', { name: /Generate course/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Generate video/ })).not.toBeInTheDocument();
  });
  it('refuses a topic over 500 characters with a message instead of cutting it', async () => {
    const { requests } = mockFetch({ 'GET /api/auth/user/user-1/credits': () => json(credits(10)) });
    const { user } = renderApp({ path: '/create/lesson', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    const field = screen.getByLabelText('What should the video explain?');
    fireEvent.change(field, { target: { value: 'a'.repeat(5000) } });
    expect(field).toHaveValue('a'.repeat(5000));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('This is 5,000 characters; the limit is 500. Shorten it by 4,500 characters.');
    await user.click(screen.getByRole('button', { name: /Generate/ }));
    expect(field).toHaveFocus();
    expect(requests.some((r) => r.url === '/api/video/generate')).toBe(false);
  });

  it('says before charging that the job will be an offline draft, and what it costs', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(10)),
      'GET /api/video-functions-status': () => json({ video_generation: { available: true } }),
      'GET /debug': () => json({ engines: { 'script writer': 'offline writer (labelled offline draft)' } }),
    });
    renderApp({ path: '/create/lesson', session: makeSession() });
    const notice = await screen.findByText('You will get an offline draft');
    expect(notice.closest('[data-testid="writer-notice"]')).toHaveTextContent('It costs 1 credit.');
    expect(screen.getByRole('button', { name: /Generate offline draft/ })).toBeInTheDocument();
  });

  it('names the language model when the server reports one', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(10)),
      'GET /api/video-functions-status': () =>
        json({ video_generation: { available: true, writer: { kind: 'local_model', label: 'Qwen2.5 1.5B via llama.cpp' } } }),
    });
    renderApp({ path: '/create/lesson', session: makeSession() });
    await waitFor(() =>
      expect(screen.getByTestId('writer-notice')).toHaveTextContent(
        'Written by Qwen2.5 1.5B via llama.cpp, running on this server. It costs 1 credit.',
      ),
    );
    expect(screen.getByRole('button', { name: /Generate video/ })).toBeInTheDocument();
  });
});

describe('create lesson screen: errors in plain words (issue 54)', () => {
  it('says at once which typed character the slides cannot draw, counting emoji as a person does', async () => {
    const { requests } = mockFetch({ 'GET /api/auth/user/user-1/credits': () => json(credits(10)) });
    renderApp({ path: '/create/lesson', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    fireEvent.change(screen.getByLabelText('What should the video explain?'), { target: { value: '🌋🌋' } });
    expect(screen.getByTestId('field-count')).toHaveTextContent('2/500');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('“🌋” cannot be drawn on the video\'s slides');
    expect(alert.textContent).not.toMatch(/U\+|body\./);
    fireEvent.click(screen.getByRole('button', { name: /Generate video/ }));
    expect(requests.some((r) => r.url === '/api/video/generate')).toBe(false);
  });

  it('shows a refusal without its field path and keeps the typed text after Try again', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(10)),
      'POST /api/video/generate': () =>
        json({ detail: [{ loc: ['body', 'topic'], msg: 'Topic must name something to explain', type: 'value_error' }] }, 422),
    });
    const { user } = renderApp({ path: '/create/lesson', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    const topic = screen.getByLabelText('What should the video explain?');
    await user.type(topic, 'Volcanoes of Iceland');
    await user.click(screen.getByRole('button', { name: /Generate video/ }));

    const error = await screen.findByText('Topic must name something to explain.');
    expect(error.textContent).not.toContain('body.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(topic).toHaveValue('Volcanoes of Iceland');
    expect(topic).toHaveFocus();
  });
});

describe('create lesson screen: focus after Generate (issue 54)', () => {
  it('moves to the banner that says what happens now, not to the page', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(10)),
      'POST /api/video/generate': () => json({ job_id: 'job-9' }),
      'GET /api/job/job-9/status': () => json(makeJobStatus({ job_id: 'job-9', status: 'processing', progress: 10 })),
    });
    const { user } = renderApp({ path: '/create/lesson', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    await user.type(screen.getByLabelText('What should the video explain?'), 'Tides');
    await user.click(screen.getByRole('button', { name: /Generate video/ }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: /Creating “Tides”/ })).toHaveFocus());
  });
});

describe('create lesson screen: drafts (issue 54)', () => {
  it('keeps the typed topic for the same user when the form is opened again, and not for another user', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(10)),
      'GET /api/auth/user/user-2/credits': () => json(credits(10)),
    });
    const first = renderApp({ path: '/create/lesson', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    await first.user.type(screen.getByLabelText('What should the video explain?'), 'Plate tectonics');
    fireEvent.change(screen.getByLabelText('Length'), { target: { value: '7' } });
    first.unmount();

    renderApp({ path: '/create/lesson', session: makeSession() });
    expect(await screen.findByLabelText('What should the video explain?')).toHaveValue('Plate tectonics');
    expect(screen.getByLabelText('Length')).toHaveValue('7');
    cleanup();

    renderApp({ path: '/create/lesson', session: makeSession({ user: makeUser({ uid: 'user-2' }) }) });
    expect(await screen.findByLabelText('What should the video explain?')).toHaveValue('');
  });
});
