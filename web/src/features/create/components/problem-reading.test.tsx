import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch, type RecordedRequest } from '@/testing/mock-fetch';
import { makeSession } from '@/testing/data';
import { renderApp } from '@/testing/render-app';
import { makeJobStatus } from '@/testing/make-job-status';

function credits(available: number) {
  return { credits: { available, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };
}

const LIMIT = 'Find the limit of (x^2 - 1)/(x - 1) as x approaches 1';
const LIMIT_READING = 'lim_(x->1) ((x^2 - 1)/(x - 1))';

/** The server's reader for the few problems these tests type. */
function reader(req: RecordedRequest) {
  const text = String((req.body as { problem_text: string }).problem_text);
  if (text === LIMIT) {
    return json({ reading: LIMIT_READING, kind: 'limit', solvable: true, detail: `Lectern reads this as: ${LIMIT_READING}` });
  }
  if (text === 'Find the limit of x^2 as x approaches 3') {
    return json({ reading: 'lim_(x->3) (x^2)', kind: 'limit', solvable: true, detail: 'Lectern reads this as: lim_(x->3) (x^2)' });
  }
  if (text === 'Why is the sky blue?') {
    return json({
      reading: '',
      kind: 'needs_language_model',
      solvable: false,
      detail:
        'Lectern could not read "Why is the sky blue?" as mathematics it can solve. Write it as an equation, an inequality or a question with numbers, for example "Solve 2x + 3 = 11".',
    });
  }
  return json({ reading: text, kind: 'limit', solvable: true, detail: `Lectern reads this as: ${text}` });
}

function routes(extra: Record<string, Parameters<typeof mockFetch>[0][string]> = {}) {
  return mockFetch({
    'GET /api/auth/user/user-1/credits': () => json(credits(10)),
    'POST /api/problems/read': reader,
    'POST /api/video/generate-solution': () => json({ job_id: 'job-9', status: 'queued', cost: 1, title: LIMIT }, 202),
    'GET /api/job/job-9/status': () => json(makeJobStatus({ job_id: 'job-9', kind: 'problem', status: 'processing', progress: 10 })),
    'GET /api/video-functions-status': () => json({ video_generation: { writer: { kind: 'offline_draft', label: 'Offline' } } }),
    ...extra,
  });
}

const solveRequests = (requests: RecordedRequest[]) => requests.filter((r) => r.url === '/api/video/generate-solution');

beforeEach(() => window.localStorage.clear());

describe('how Lectern reads the problem, before it is paid for', () => {
  it('shows the reading of a problem in words and solves it only once the reading is confirmed, by keyboard', async () => {
    const { requests } = routes();
    const { user } = renderApp({ path: '/problems/new', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    await user.type(screen.getByLabelText('What problem should be solved?'), LIMIT);

    const panel = await screen.findByRole('region', { name: 'How Lectern reads your problem' });
    expect(await within(panel).findByTestId('problem-reading-text')).toHaveTextContent(LIMIT_READING);
    expect(panel).toHaveTextContent('Lectern reads this as a limit:');
    // One reading for the settled text, not one per key.
    expect(requests.filter((r) => r.url === '/api/problems/read')).toHaveLength(1);

    // Ordering before confirming is stopped, nothing is charged, and the toggle is focused.
    await user.click(screen.getByRole('button', { name: /Solve step by step/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Confirm how Lectern reads your problem, or correct it');
    const confirm = within(panel).getByRole('button', { name: 'This reading is right' });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(confirm).toHaveAttribute('aria-pressed', 'false');
    expect(solveRequests(requests)).toHaveLength(0);

    await user.keyboard(' ');
    expect(confirm).toHaveAttribute('aria-pressed', 'true');
    expect(panel).toHaveTextContent('Confirmed: this is what will be solved.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Solve step by step/ }));
    await waitFor(() => expect(solveRequests(requests)).toHaveLength(1));
    // The confirmed reading goes with the words: the job solves what the student saw.
    expect(solveRequests(requests)[0]?.body).toMatchObject({ problem_text: LIMIT, reading: LIMIT_READING, dry_run: false });
  });

  it('a changed text must be confirmed again', async () => {
    const { requests } = routes();
    const { user } = renderApp({ path: '/problems/new', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    const text = screen.getByLabelText('What problem should be solved?');
    fireEvent.change(text, { target: { value: LIMIT } });
    await user.click(await screen.findByRole('button', { name: 'This reading is right' }));
    // Spaces around it change nothing: still confirmed.
    fireEvent.change(text, { target: { value: `${LIMIT}  ` } });
    expect(await screen.findByRole('button', { name: 'This reading is right' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.change(text, { target: { value: 'Find the limit of x^2 as x approaches 3' } });
    await waitFor(() => expect(screen.getByTestId('problem-reading-text')).toHaveTextContent('lim_(x->3) (x^2)'));
    expect(screen.getByRole('button', { name: 'This reading is right' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: /Solve step by step/ }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(solveRequests(requests)).toHaveLength(0);
  }, 15_000);

  it('corrects the reading: the correction replaces the text, Enter does not order, and it is read again', async () => {
    const { requests } = routes();
    const { user } = renderApp({ path: '/problems/new', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    await user.type(screen.getByLabelText('What problem should be solved?'), LIMIT);
    await user.click(await screen.findByRole('button', { name: 'Correct the reading' }));

    const correction = screen.getByLabelText('Your correction of the reading');
    await waitFor(() => expect(correction).toHaveFocus());
    expect(correction).toHaveValue(LIMIT_READING);
    await user.clear(correction);
    await user.type(correction, 'lim_(x->2) ((x^2 - 4)/(x - 2)){Enter}');

    expect(screen.getByLabelText('What problem should be solved?')).toHaveValue('lim_(x->2) ((x^2 - 4)/(x - 2))');
    expect(solveRequests(requests)).toHaveLength(0);
    const panel = screen.getByRole('region', { name: 'How Lectern reads your problem' });
    await waitFor(() => expect(within(panel).getByTestId('problem-reading-text')).toHaveTextContent('lim_(x->2) ((x^2 - 4)/(x - 2))'));
    expect(requests.filter((r) => r.url === '/api/problems/read').map((r) => r.body)).toContainEqual({
      problem_text: 'lim_(x->2) ((x^2 - 4)/(x - 2))',
    });
    // The problem now reads as itself: nothing to confirm, it is ordered at once.
    expect(within(panel).queryByRole('button', { name: 'This reading is right' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Solve step by step/ }));
    await waitFor(() => expect(solveRequests(requests)).toHaveLength(1));
    expect(solveRequests(requests)[0]?.body).toMatchObject({ problem_text: 'lim_(x->2) ((x^2 - 4)/(x - 2))' });
  });

  it('Escape cancels a correction and gives the focus back', async () => {
    routes();
    const { user } = renderApp({ path: '/problems/new', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    await user.type(screen.getByLabelText('What problem should be solved?'), LIMIT);
    const correct = await screen.findByRole('button', { name: 'Correct the reading' });
    await user.click(correct);
    await user.type(screen.getByLabelText('Your correction of the reading'), 'nonsense{Escape}');
    expect(screen.queryByLabelText('Your correction of the reading')).not.toBeInTheDocument();
    expect(screen.getByLabelText('What problem should be solved?')).toHaveValue(LIMIT);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Correct the reading' })).toHaveFocus());
  });

  it('says in plain words what it cannot solve, inline, and Edit my problem goes back to the text', async () => {
    routes();
    const { user } = renderApp({ path: '/problems/new', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    const text = screen.getByLabelText('What problem should be solved?');
    await user.type(text, 'Why is the sky blue?');
    const refusal = await screen.findByTestId('problem-reading-refusal');
    expect(refusal).toHaveTextContent('Lectern could not read "Why is the sky blue?" as mathematics it can solve.');
    expect(refusal).toHaveTextContent('for example "Solve 2x + 3 = 11"');
    expect(screen.queryByRole('button', { name: 'This reading is right' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit my problem' }));
    expect(text).toHaveFocus();
  });

  it('with a language model, words that neither reader could read are refused with no promise that the model will try', async () => {
    const unread = 'Ann is much older than Ben';
    const detail = (text: string) => `Lectern could not read "${text}" as mathematics it can solve.`;
    routes({
      'POST /api/problems/read': (req) => {
        const text = String((req.body as { problem_text: string }).problem_text);
        const kind = text === unread ? 'not_understood' : 'needs_language_model';
        return json({ reading: '', kind, solvable: false, detail: detail(text) });
      },
      'GET /api/video-functions-status': () => json({ video_generation: { writer: { kind: 'local_model', label: 'Local model' } } }),
    });
    const { user } = renderApp({ path: '/problems/new', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    const text = screen.getByLabelText('What problem should be solved?');
    // Words the model may still try: the panel says so.
    await user.type(text, 'Why is the sky blue?');
    expect(await screen.findByText(/will try it instead/)).toBeInTheDocument();
    await user.clear(text);
    await user.type(text, unread);
    await waitFor(() => expect(screen.getByTestId('problem-reading-refusal')).toHaveTextContent(detail(unread)));
    expect(screen.queryByText(/will try it instead/)).not.toBeInTheDocument();
  });

  it('a reading that cannot be asked for (too many this minute) does not stop the order: the server checks it', async () => {
    const { requests } = routes({
      'POST /api/problems/read': () => json({ detail: 'You have asked for 60 readings in the last minute. Try again in 20 seconds.' }, 429),
    });
    const { user } = renderApp({ path: '/problems/new', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    await user.type(screen.getByLabelText('What problem should be solved?'), LIMIT);
    const panel = await screen.findByRole('region', { name: 'How Lectern reads your problem' });
    await waitFor(() => expect(panel).toHaveTextContent('Try again in 20 seconds'));
    await user.click(screen.getByRole('button', { name: /Solve step by step/ }));
    await waitFor(() => expect(solveRequests(requests)).toHaveLength(1));
  });
});
