import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/mock-fetch';
import { makeSession } from '@/testing/data';
import { renderApp } from '@/testing/render-app';
import { makeJobStatus } from '@/testing/make-job-status';

function credits(available: number) {
  return { credits: { available, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };
}

const solution = {
  problem: '2x + 3 = 11',
  kind: 'linear_equation',
  final_answer: 'x = 4',
  answer_checked: true,
  steps: [
    { before: '2x + 3 = 11', after: '2x = 8', rule: 'Subtract 3 from both sides', checked: true },
    { before: '2x = 8', after: 'x = 4', rule: 'Divide both sides by 2', checked: true },
  ],
};

beforeEach(() => window.localStorage.clear());

describe('create problem screen', () => {
  it('sends the SPEC body, shows Analyzing your problem..., then Problem solved! with the checked answer', async () => {
    let answerStart: (r: Response) => void = () => undefined;
    const { requests } = mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(10)),
      'POST /api/video/generate-solution': () => new Promise<Response>((r) => (answerStart = r)),
      'GET /api/job/job-7/status': () =>
        json(
          makeJobStatus({
            job_id: 'job-7',
            kind: 'problem',
            status: 'completed',
            progress: 100,
            title: '2x + 3 = 11',
            current_step: 'Problem solved! Video ready for download!',
            video_url: '/api/video/job-7?t=a',
            subtitle_url: '/api/media/subtitles/job-7?t=a',
            solution,
          }),
        ),
      'GET /api/auth/user/user-1/search': () => json({ courses: [], videos: [] }),
    });
    const { user, router } = renderApp({ path: '/problems/new', session: makeSession() });
    expect(await screen.findByTestId('solution-cost')).toHaveTextContent('1 credit');
    await screen.findByText('10 credits', { selector: 'dd' });

    await user.click(screen.getByRole('button', { name: '2x + 3 = 11' }));
    fireEvent.change(screen.getByLabelText('Length'), { target: { value: '1' } });
    await user.click(screen.getByRole('radio', { name: /Thorough/ }));
    await user.click(screen.getByRole('button', { name: /Solve step by step/ }));

    expect(await screen.findByText('Analyzing your problem...')).toBeInTheDocument();
    const sent = requests.find((r) => r.url === '/api/video/generate-solution');
    expect(sent?.body).toEqual({
      user_id: 'user-1',
      problem_text: '2x + 3 = 11',
      subject: 'math',
      problem_type: 'homework',
      detail_level: 3,
      video_duration: 1,
      show_work: true,
      is_global: false,
      dry_run: false,
    });
    expect(within(screen.getByTestId('queue-panel')).getByText('2x + 3 = 11')).toBeInTheDocument();

    answerStart(json({ job_id: 'job-7', status: 'queued', cost: 1, title: '2x + 3 = 11' }, 202));
    const status = await screen.findByTestId('generation-status');
    expect(await within(status).findByText('Problem solved! Ready to watch')).toBeInTheDocument();
    const answer = await within(status).findByTestId('solution-answer');
    expect(answer).toHaveTextContent('x = 4');
    expect(answer).toHaveTextContent('Checked');
    expect(answer).toHaveTextContent('All 2 steps were checked by computation.');

    await user.click(screen.getByRole('link', { name: /Watch now/ }));
    expect(router.state.location.pathname).toBe('/video/job-7');
    expect(router.state.location.state).toMatchObject({ previousPage: '/problems/new' });
  });

  it('previews the storyboard for free: the same request as a dry run, then the preview screen with a video order', async () => {
    const { requests } = mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(0)),
      'POST /api/video/generate-solution': () => json({ job_id: 'dry-8', status: 'queued', cost: 0, title: '2x + 3 = 11' }, 202),
      'GET /api/job/dry-8/status': () => json(makeJobStatus({ job_id: 'dry-8', kind: 'problem', status: 'processing', progress: 10 })),
    });
    const { user, router } = renderApp({ path: '/create/problem', session: makeSession() });
    await screen.findByText('0 credits', { selector: 'dd' });
    await user.type(screen.getByLabelText('What problem should be solved?'), '2x + 3 = 11');
    fireEvent.change(screen.getByLabelText('Length'), { target: { value: '4' } });
    await user.click(screen.getByRole('radio', { name: /Brief/ }));
    // Out of credits, the solution cannot be ordered, but its storyboard can be previewed.
    expect(screen.getByRole('button', { name: /Solve step by step/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Preview storyboard' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/preview/dry-8'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      topic: '2x + 3 = 11',
      level: '2',
      duration: '4',
      wpm: '150',
      subtitles: '1',
      from: 'problem',
    });
    expect(requests.find((r) => r.url === '/api/video/generate-solution')?.body).toEqual({
      user_id: 'user-1',
      problem_text: '2x + 3 = 11',
      subject: 'math',
      problem_type: 'homework',
      detail_level: 1,
      video_duration: 4,
      show_work: true,
      is_global: false,
      dry_run: true,
    });
    expect(screen.queryByTestId('queue-panel')).not.toBeInTheDocument();
  });

  it('orders a long problem under the topic limit of the video it previews', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(10)),
      'POST /api/video/generate-solution': () => json({ job_id: 'dry-8', status: 'queued', cost: 0, title: 'x' }, 202),
      'GET /api/job/dry-8/status': () => json(makeJobStatus({ job_id: 'dry-8', kind: 'problem', status: 'processing', progress: 10 })),
    });
    const { user, router } = renderApp({ path: '/create/problem', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    const problem = `Solve ${'x + '.repeat(200)}1 = 2`;
    fireEvent.change(screen.getByLabelText('What problem should be solved?'), { target: { value: problem } });
    await user.click(screen.getByRole('button', { name: 'Preview storyboard' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/preview/dry-8'));
    expect(new URLSearchParams(router.state.location.search).get('topic')).toBe(problem.slice(0, 500).trimEnd());
  });

  it('shows a refused preview (429, too many this hour) in place', async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(10)),
      'POST /api/video/generate-solution': () =>
        json({ detail: 'You have used your 30 free previews this hour; try again in 12 minutes.' }, 429),
    });
    const { user, router } = renderApp({ path: '/problems/new', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    await user.type(screen.getByLabelText('What problem should be solved?'), '2x + 3 = 11');
    await user.click(screen.getByRole('button', { name: 'Preview storyboard' }));

    const refusal = await screen.findByTestId('preview-error');
    expect(refusal).toHaveTextContent('You have used your 30 free previews this hour; try again in 12 minutes.');
    expect(refusal).toHaveAttribute('role', 'alert');
    expect(router.state.location.pathname).toBe('/problems/new');
    expect(screen.getByRole('button', { name: 'Preview storyboard' })).toBeEnabled();
    expect(screen.queryByTestId('queue-panel')).not.toBeInTheDocument();
  });

  it('asks for a problem before previewing anything', async () => {
    const { requests } = mockFetch({ 'GET /api/auth/user/user-1/credits': () => json(credits(10)) });
    const { user } = renderApp({ path: '/create/problem', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    await user.click(screen.getByRole('button', { name: 'Preview storyboard' }));
    expect(screen.getByText('Type or paste the problem to solve.')).toBeInTheDocument();
    expect(requests.some((r) => r.url === '/api/video/generate-solution')).toBe(false);
  });

  it('asks for a problem before sending anything', async () => {
    const { requests } = mockFetch({ 'GET /api/auth/user/user-1/credits': () => json(credits(10)) });
    const { user } = renderApp({ path: '/create/problem', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    await user.click(screen.getByRole('button', { name: /Solve step by step/ }));
    expect(screen.getByText('Type or paste the problem to solve.')).toBeInTheDocument();
    expect(screen.getByLabelText('What problem should be solved?')).toHaveFocus();
    expect(requests.some((r) => r.url === '/api/video/generate-solution')).toBe(false);
  });

  it("shows the server's refusal of a problem that needs a language model, and no job", async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(10)),
      'POST /api/video/generate-solution': () =>
        json(
          {
            detail: [
              {
                loc: ['body', 'problem_text'],
                msg: 'This problem needs a language model: it is written in words',
                type: 'needs_language_model',
              },
            ],
          },
          422,
        ),
    });
    const { user } = renderApp({ path: '/problems/new', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    await user.type(screen.getByLabelText('What problem should be solved?'), 'Why is the sky blue?');
    await user.click(screen.getByRole('button', { name: /Solve step by step/ }));
    const status = await screen.findByTestId('generation-status');
    expect(within(status).getByText('The problem could not be solved')).toBeInTheDocument();
    expect(status).toHaveTextContent('This problem needs a language model');
    expect(screen.queryByTestId('queue-panel')).not.toBeInTheDocument();
  });
});
