import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/mock-fetch';
import { makeJobStatus } from '@/testing/make-job-status';
import { makeSession } from '@/testing/data';
import { makeStoryboard } from '@/testing/make-storyboard';
import { renderApp } from '@/testing/render-app';

const credits = { credits: { available: 10, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };
const png = () => new Response(new Uint8Array([137, 80, 78, 71]), { headers: { 'content-type': 'image/png' } });
const PATH = '/preview/dry-1?topic=Photosynthesis&level=1&duration=1&wpm=150&subtitles=1';
const PROBLEM_PATH = '/preview/dry-1?topic=2x+%2B+3+%3D+11&level=2&duration=3&wpm=150&subtitles=1&from=problem';

const plan = {
  dry_run: true,
  cost: 0,
  storyboard: makeStoryboard(),
  smart_title: 'How Plants Eat Light',
  title: "Beginner's Guide to Photosynthesis",
  word_count: 20,
  estimated_seconds: 8,
  script_engine: 'offline writer',
};

/** The dry run: writing the script at 40 %, then done with its plan. */
function dryRun() {
  let asked = 0;
  return () => {
    asked += 1;
    return asked === 1
      ? json(makeJobStatus({ job_id: 'dry-1', status: 'processing', progress: 40, current_step: 'Writing the script…' }))
      : json(makeJobStatus({ job_id: 'dry-1', status: 'completed', progress: 100, current_step: 'Plan ready', cost: 0, result: plan }));
  };
}

function serve(render: () => Response) {
  return mockFetch({
    'GET /api/auth/user/user-1/credits': () => json(credits),
    'GET /api/job/dry-1/status': dryRun(),
    'POST /api/storyboards/preview-frame': png,
    'POST /api/video/generate': render,
    'GET /api/job/job-9/status': () => json(makeJobStatus({ job_id: 'job-9', status: 'processing', progress: 5 })),
  });
}

beforeEach(() => window.localStorage.clear());

describe('storyboard preview', () => {
  it('follows the dry run, then renders the edited storyboard with the original order and queues it', { timeout: 20_000 }, async () => {
    const { requests } = serve(() => json({ job_id: 'job-9', status: 'queued', cost: 1, title: 'Photosynthesis' }, 202));
    const { user, router } = renderApp({ path: PATH, session: makeSession() });

    expect(await screen.findByText('Writing the script… 40%')).toBeInTheDocument();
    const cards = await screen.findAllByTestId('scene-card', {}, { timeout: 4_000 });
    expect(cards).toHaveLength(4);
    expect(screen.getByRole('heading', { level: 1, name: 'Preview storyboard' })).toBeInTheDocument();
    expect(screen.getByTestId('summary-cost')).toHaveTextContent('1 credit');
    expect(screen.getByTestId('summary-duration')).toHaveTextContent('8 s at 150 wpm');

    const sentence = within(cards[1]!).getByLabelText('Sentence 1');
    await user.clear(sentence);
    await user.paste('Chlorophyll is green.');
    await user.click(screen.getByRole('button', { name: 'Render this video' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/video/job-9'));
    const sent = requests.find((r) => r.method === 'POST' && r.url === '/api/video/generate');
    const storyboard = makeStoryboard();
    storyboard.scenes[1] = { ...storyboard.scenes[1]!, narration: ['Chlorophyll is green.'] };
    expect(sent?.body).toEqual({
      user_id: 'user-1',
      topic: 'Photosynthesis',
      level: 1,
      duration: 1,
      enable_subtitles: true,
      subtitle_style: 'modern',
      wpm: 150,
      dry_run: false,
      storyboard,
      // The dry run it was previewed from: the solver's check marks stay on the unchanged scenes.
      preview_job_id: 'dry-1',
    });
    // The video is in the AI Generation Queue like any other.
    expect(within(await screen.findByTestId('queue-panel')).getByText('Photosynthesis')).toBeInTheDocument();
  });

  it('shows a 402 with Buy Credits, and a 422 under the field it names', { timeout: 20_000 }, async () => {
    let answer = () => json({ detail: 'Not enough credits: this video costs 1 and you have 0.' }, 402);
    serve(() => answer());
    const { user } = renderApp({ path: PATH, session: makeSession() });
    const cards = await screen.findAllByTestId('scene-card', {}, { timeout: 4_000 });

    await user.click(screen.getByRole('button', { name: 'Render this video' }));
    const alert = await screen.findByText('Not enough credits: this video costs 1 and you have 0.');
    expect(alert.closest('[role="alert"]')).toContainElement(screen.getByRole('link', { name: 'Buy Credits' }));
    expect(screen.queryByTestId('queue-panel')).not.toBeInTheDocument();

    answer = () =>
      json({ detail: [{ loc: ['body', 'storyboard', 'scenes', 1, 'term'], msg: 'is 95 characters long; at most 80', type: 'value_error' }] }, 422);
    await user.click(screen.getByRole('button', { name: 'Render this video' }));
    const term = within(cards[1]!).getByLabelText('Term');
    await waitFor(() => expect(term).toHaveAttribute('aria-invalid', 'true'));
    expect(term).toHaveAccessibleDescription('is 95 characters long; at most 80');
    expect(screen.getByText('Some fields need fixing: the problems are marked in the scenes below.')).toBeInTheDocument();
  });

  it("renders a problem's storyboard with the dry run it came from, then goes back to the problem form", { timeout: 20_000 }, async () => {
    const { requests } = serve(() => json({ job_id: 'job-9', status: 'queued', cost: 1, title: '2x + 3 = 11' }, 202));
    const { user, router } = renderApp({ path: PROBLEM_PATH, session: makeSession() });
    await screen.findAllByTestId('scene-card', {}, { timeout: 4_000 });
    await user.click(screen.getByRole('button', { name: 'Render this video' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/video/job-9'));
    expect(router.state.location.state).toMatchObject({ previousPage: '/create/problem' });
    expect(requests.find((r) => r.method === 'POST' && r.url === '/api/video/generate')?.body).toMatchObject({
      topic: '2x + 3 = 11',
      level: 2,
      duration: 3,
      wpm: 150,
      enable_subtitles: true,
      dry_run: false,
      storyboard: makeStoryboard(),
      preview_job_id: 'dry-1',
    });
  });

  it('says a refused preview_job_id (the dry run is gone) means starting again, not fixing scenes', { timeout: 20_000 }, async () => {
    serve(() =>
      json(
        { detail: [{ loc: ['body', 'preview_job_id'], msg: 'preview_job_id must name one of your finished storyboard previews', type: 'not_found' }] },
        422,
      ),
    );
    const { user } = renderApp({ path: PROBLEM_PATH, session: makeSession() });
    await screen.findAllByTestId('scene-card', {}, { timeout: 4_000 });
    await user.click(screen.getByRole('button', { name: 'Render this video' }));
    expect(await screen.findByText('This preview can no longer be rendered: start again from the create screen.')).toBeInTheDocument();
    expect(screen.queryByText(/Some fields need fixing/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('queue-panel')).not.toBeInTheDocument();
  });

  it('says so when the script could not be written', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits),
      'GET /api/job/dry-1/status': () => json(makeJobStatus({ job_id: 'dry-1', status: 'failed', error: 'The model did not answer' })),
    });
    renderApp({ path: PATH, session: makeSession() });
    expect(await screen.findByText(/The script could not be written: The model did not answer/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the create screen' })).toHaveAttribute('href', '/create/lesson');
  });

  it('goes back to the problem form when the preview came from it, after a reload too', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits),
      'GET /api/job/dry-1/status': () => json(makeJobStatus({ job_id: 'dry-1', status: 'failed', error: 'The model did not answer' })),
    });
    renderApp({ path: PROBLEM_PATH, session: makeSession() });
    const back = await screen.findByRole('link', { name: 'Back to the create screen' });
    expect(back).toHaveAttribute('href', '/create/problem');
  });
});
