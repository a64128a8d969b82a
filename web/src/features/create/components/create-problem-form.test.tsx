import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@/types/openapi';
import { json, mockFetch } from '@/testing/mock-fetch';
import { makeSession } from '@/testing/data';
import { renderApp } from '@/testing/render-app';
import { makeJobStatus } from '@/testing/make-job-status';

type SourceSummary = components['schemas']['SourceSummary'];

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
      source_ids: [],
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
      source_ids: [],
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

describe('a solution from your own worksheet (issue 50)', () => {
  function makeSource(id: string, title: string, overrides: Partial<SourceSummary> = {}): SourceSummary {
    return {
      id,
      title,
      kind: 'pdf',
      file_name: `${id}.pdf`,
      pages: 1,
      characters: 420,
      passages: 2,
      bytes: 2400,
      created_at: '2026-11-29T09:00:00Z',
      ...overrides,
    };
  }

  const algebra = makeSource('s-algebra', 'Algebra practice');
  const geometry = makeSource('s-geometry', 'Geometry notes', { kind: 'markdown', pages: null, passages: 3, file_name: null });
  const listed = (sources: SourceSummary[]) => () => json({ sources, used_bytes: 4800, quota_bytes: 50 * 1024 * 1024 });
  const sourcesGroup = () => screen.getByRole('group', { name: /Sources/ });
  const problemBox = () => screen.getByLabelText('What problem should be solved?');
  const noContrast = { rules: { 'color-contrast': { enabled: false } } };

  async function openForm(routes: Parameters<typeof mockFetch>[0]) {
    const fetched = mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(10)),
      'POST /api/problems/read': (req) => {
        const text = String((req.body as { problem_text: string }).problem_text);
        return json({ reading: text, kind: 'linear_equation', solvable: true, detail: `Lectern reads this as: ${text}` });
      },
      ...routes,
    });
    const app = renderApp({ path: '/problems/new', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    return { ...fetched, ...app };
  }

  const readsOf = (requests: { url: string; body: unknown }[], text: string) =>
    requests.filter((r) => r.url === '/api/problems/read' && (r.body as { problem_text: string }).problem_text === text);

  it('sends the chosen worksheets as source_ids with the exercise named, which is not read before it is sent', async () => {
    const { user, requests } = await openForm({
      'GET /api/sources': listed([algebra, geometry]),
      'POST /api/video/generate-solution': () => json({ job_id: 'job-w', status: 'queued', cost: 1, title: 'Exercise 3' }, 202),
      'GET /api/job/job-w/status': () => json(makeJobStatus({ job_id: 'job-w', kind: 'problem', status: 'processing', progress: 10 })),
    });
    const group = sourcesGroup();
    expect(group).toHaveAccessibleDescription(expect.stringContaining('name its exercise in the problem box ("Exercise 3")'));
    expect(problemBox()).not.toHaveAccessibleDescription(expect.stringContaining('Exercise 3'));

    // Chosen from the keyboard, the second one first.
    const geometryBox = await within(group).findByRole('checkbox', { name: /Geometry notes/ });
    geometryBox.focus();
    await user.keyboard(' ');
    await user.click(within(group).getByRole('checkbox', { name: /Algebra practice/ }));
    expect(within(group).getByText('2 of 10 chosen.')).toBeInTheDocument();
    expect(screen.getByText('An exercise you name is solved as your 2 worksheets state it')).toBeInTheDocument();
    // The problem's help says that the exercise's number is enough.
    expect(problemBox()).toHaveAccessibleDescription(expect.stringContaining('just the exercise\'s number will do, e.g. "Exercise 3"'));
    expect((await axe.run(group, noContrast)).violations.map((v) => v.id)).toEqual([]);

    fireEvent.change(problemBox(), { target: { value: 'Solve exercise 3' } });
    const panel = screen.getByRole('region', { name: 'How Lectern reads your problem' });
    expect(within(panel).getByTestId('problem-reading-exercise')).toHaveTextContent(
      'Lectern takes exercise 3 from your worksheet when you order the solution',
    );
    expect(within(panel).queryByTestId('problem-reading-refusal')).toBeNull();
    expect((await axe.run(panel, noContrast)).violations.map((v) => v.id)).toEqual([]);

    await user.click(screen.getByRole('button', { name: /Solve step by step/ }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/video/generate-solution')).toBe(true));
    const sent = requests.find((r) => r.url === '/api/video/generate-solution')?.body;
    expect(sent).toMatchObject({ problem_text: 'Solve exercise 3', source_ids: ['s-geometry', 's-algebra'], dry_run: false });
    expect(sent).not.toHaveProperty('reading');
    // Neither as it was typed nor at the order: the words name an exercise, there is nothing to read.
    expect(readsOf(requests, 'Solve exercise 3')).toHaveLength(0);
  });

  it('still reads words that state a problem of their own, worksheet or not', async () => {
    const { user, requests } = await openForm({ 'GET /api/sources': listed([algebra]) });
    await user.click(await within(sourcesGroup()).findByRole('checkbox', { name: /Algebra practice/ }));
    fireEvent.change(problemBox(), { target: { value: '2x + 3 = 11' } });
    const panel = screen.getByRole('region', { name: 'How Lectern reads your problem' });
    expect(await within(panel).findByTestId('problem-reading-text')).toHaveTextContent('2x + 3 = 11');
    expect(within(panel).queryByTestId('problem-reading-exercise')).toBeNull();
    expect(readsOf(requests, '2x + 3 = 11')).toHaveLength(1);
    expect(screen.getByText('An exercise you name is solved as your worksheet states it')).toBeInTheDocument();
  });

  it("shows an exercise the worksheet does not hold (422) by the problem's box, in the server's words", async () => {
    const message = 'Algebra practice has no exercise 7; its exercises are 1, 2';
    const { user, requests } = await openForm({
      'GET /api/sources': listed([algebra]),
      'POST /api/video/generate-solution': () =>
        json({ detail: [{ loc: ['body', 'problem_text'], msg: message, type: 'exercise_not_found' }] }, 422),
    });
    await user.click(await within(sourcesGroup()).findByRole('checkbox', { name: /Algebra practice/ }));
    await user.type(problemBox(), 'Exercise 7');
    await user.click(screen.getByRole('button', { name: /Solve step by step/ }));

    const status = await screen.findByTestId('generation-status');
    expect(within(status).getByText('The problem could not be solved')).toBeInTheDocument();
    expect(status).toHaveTextContent(`${message}.`);
    await waitFor(() => expect(problemBox()).toHaveAccessibleDescription(expect.stringContaining(`${message}.`)));
    expect(problemBox()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/problem_text/)).toBeNull();
    expect(screen.queryByTestId('queue-panel')).not.toBeInTheDocument();
    expect(readsOf(requests, 'Exercise 7')).toHaveLength(0);
    const card = problemBox().closest('.form-card');
    expect(card).not.toBeNull();
    expect((await axe.run(card as Element, noContrast)).violations.map((v) => v.id)).toEqual([]);

    // Try again: the text stays, focused, with the refusal beside it until it changes.
    await user.click(within(status).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(problemBox()).toHaveFocus());
    expect(problemBox()).toHaveAccessibleDescription(expect.stringContaining(message));
    await user.clear(problemBox());
    await user.type(problemBox(), '2');
    expect(problemBox()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(`${message}.`)).toBeNull();
  });

  it('shows a refusal of a worksheet no longer yours (422) beside the documents, and lists them again', async () => {
    let sources = [algebra, geometry];
    const { user, requests } = await openForm({
      'GET /api/sources': () => listed(sources)(),
      'POST /api/video/generate-solution': () => {
        sources = [geometry];
        return json(
          { detail: [{ loc: ['body', 'source_ids'], msg: 'source_ids names s-algebra, which is not one of your sources', type: 'not_found' }] },
          422,
        );
      },
    });
    const group = sourcesGroup();
    await user.click(await within(group).findByRole('checkbox', { name: /Algebra practice/ }));
    await user.type(problemBox(), 'Exercise 2');
    await user.click(screen.getByRole('button', { name: /Solve step by step/ }));

    const plain = "One of the documents you chose can't be used: it is no longer among your sources. Choose the documents again.";
    await waitFor(() => expect(within(group).getByText(plain)).toBeInTheDocument());
    expect(group).toHaveAccessibleDescription(expect.stringContaining(plain));
    expect(screen.queryByText(/source_ids names/)).toBeNull();
    // Not the problem's fault: its box says nothing of it.
    expect(problemBox()).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(within(group).queryByRole('checkbox', { name: /Algebra practice/ })).toBeNull());
    expect(requests.filter((r) => r.url === '/api/sources').length).toBeGreaterThanOrEqual(2);
  });
});
