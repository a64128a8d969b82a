import { screen, waitFor, within } from '@testing-library/react';
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

function makeSource(id: string, title: string, overrides: Partial<SourceSummary> = {}): SourceSummary {
  return {
    id,
    title,
    kind: 'pdf',
    file_name: `${id}.pdf`,
    pages: 3,
    characters: 2345,
    passages: 4,
    bytes: 2400,
    created_at: '2026-11-29T09:00:00Z',
    ...overrides,
  };
}

const glass = makeSource('s-glass', 'Velmora glass');
const brine = makeSource('s-brine', 'Brine recipes', { kind: 'text', pages: null, passages: 1, file_name: null });

const listed = (sources: SourceSummary[]) => () => json({ sources, used_bytes: 4800, quota_bytes: 50 * 1024 * 1024 });

const sourcesGroup = () => screen.getByRole('group', { name: /Sources/ });

beforeEach(() => window.localStorage.clear());

describe('create course screen', () => {
  it('shows the course form with its cost of 3 credits', async () => {
    mockFetch({ 'GET /api/auth/user/user-1/credits': () => json(credits(10)) });
    renderApp({ path: '/courses/new', session: makeSession() });
    expect(await screen.findByTestId('course-cost')).toHaveTextContent('3 credits');
    expect(screen.getByLabelText('What do you want to learn?')).toBeInTheDocument();
    expect(screen.getByLabelText('What do you already know?')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Standard/ })).toBeChecked();
    expect(document.title).toMatch(/Create a course/);
  });

  it('is disabled with Buy Credits when the balance is short of 3', async () => {
    mockFetch({ 'GET /api/auth/user/user-1/credits': () => json(credits(2)) });
    renderApp({ path: '/create/course', session: makeSession() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A course needs 3 credits and you have 2 credits.');
    expect(within(alert).getByRole('link', { name: 'Buy Credits' })).toHaveAttribute('href', '/credits');
    expect(screen.getByRole('button', { name: /Generate course/ })).toBeDisabled();
  });

  it('asks for a goal before sending anything', async () => {
    const { requests } = mockFetch({ 'GET /api/auth/user/user-1/credits': () => json(credits(10)) });
    const { user } = renderApp({ path: '/create/course', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    await user.click(screen.getByRole('button', { name: /Generate course/ }));
    expect(screen.getByText('Describe what you want to learn.')).toBeInTheDocument();
    expect(screen.getByLabelText('What do you want to learn?')).toHaveFocus();
    expect(requests.some((r) => r.url === '/api/generate-course')).toBe(false);
  });

  it('sends the course form plus user_id, queues it titled by its goal, and opens the course when ready', async () => {
    const { requests } = mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(10)),
      'POST /api/generate-course': () => json({ job_id: 'job-c', status: 'queued', cost: 3, title: 'Learn Rust' }, 202),
      'GET /api/job/job-c/status': () =>
        json(makeJobStatus({ job_id: 'job-c', kind: 'course', status: 'completed', progress: 100, smart_title: 'Rust', course_id: 'course-7', cost: 3 })),
      'GET /api/auth/user/user-1/search': () => json({ courses: [], videos: [] }),
    });
    const { user } = renderApp({ path: '/create/course', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    await user.type(screen.getByLabelText('What do you want to learn?'), '  Learn Rust ');
    await user.type(screen.getByLabelText('What do you already know?'), 'Some C');
    await user.click(screen.getByRole('radio', { name: /In depth/ }));
    await user.click(screen.getByRole('button', { name: /Generate course/ }));

    const sent = requests.find((r) => r.url === '/api/generate-course');
    expect(sent?.body).toEqual({ user_id: 'user-1', goal: 'Learn Rust', backgroundKnowledge: 'Some C', detailLevel: 3, source_ids: [] });
    const panel = await screen.findByTestId('queue-panel');
    expect(within(panel).getByText('Learn Rust')).toBeInTheDocument();
    expect(within(panel).getByText(/3 credits/)).toBeInTheDocument();

    const status = screen.getByTestId('generation-status');
    await within(status).findByRole('link', { name: /Open course/ }, { timeout: 4000 });
    expect(within(status).getByRole('link', { name: /Open course/ })).toHaveAttribute('href', '/courses/course-7');
    // Nothing runs any more: the panel folded into its button; opened, it links the course too.
    await user.click(screen.getByTestId('queue-toggle'));
    const reopened = screen.getByTestId('queue-panel');
    expect(within(reopened).getByRole('link', { name: /Open course/ })).toHaveAttribute('href', '/courses/course-7');
  }, 15_000);

  it("shows SPEC's course failure with the server's reason and Buy Credits on a 402", async () => {
    mockFetch({
      'GET /api/auth/user/user-1/credits': () => json(credits(3)),
      'POST /api/generate-course': () =>
        json({ detail: 'Not enough credits: this needs 3 and you have 0.' }, 402, 'Payment Required'),
    });
    const { user } = renderApp({ path: '/create/course', session: makeSession() });
    await screen.findByText('3 credits', { selector: 'dd' });
    await user.type(screen.getByLabelText('What do you want to learn?'), 'Learn Rust');
    await user.click(screen.getByRole('button', { name: /Generate course/ }));
    const status = await screen.findByTestId('generation-status');
    expect(within(status).getByRole('alert')).toHaveTextContent(
      'Course generation failed: 402. Not enough credits: this needs 3 and you have 0.',
    );
    expect(within(status).getByRole('link', { name: 'Buy Credits' })).toBeInTheDocument();
    expect(screen.queryByTestId('queue-panel')).not.toBeInTheDocument();
  });
});

describe('a course from your own documents (issue 50)', () => {
  async function openForm(routes: Parameters<typeof mockFetch>[0]) {
    const fetched = mockFetch({ 'GET /api/auth/user/user-1/credits': () => json(credits(10)), ...routes });
    const app = renderApp({ path: '/create/course', session: makeSession() });
    await screen.findByText('10 credits', { selector: 'dd' });
    return { ...fetched, ...app };
  }

  it('sends the chosen documents as source_ids and says in the order that the course follows them', async () => {
    const { user, requests } = await openForm({
      'GET /api/sources': listed([glass, brine]),
      'POST /api/generate-course': () => json({ job_id: 'job-c', status: 'queued', cost: 3, title: 'Glass' }, 202),
    });
    const group = sourcesGroup();
    expect(group).toHaveAccessibleDescription(
      expect.stringContaining('Choose your own documents and the course follows them: a lesson per section'),
    );
    expect(within(group).getByText(/none, and it is planned from your goal alone\./)).toBeInTheDocument();
    // Without documents the level promises a number of lessons.
    expect(screen.getByRole('radio', { name: /Overview/ })).toHaveAccessibleName(/About 4 short lessons/);
    expect(screen.queryByText(/Follows your/)).toBeNull();

    await user.click(await within(group).findByRole('checkbox', { name: /Brine recipes/ }));
    await user.click(within(group).getByRole('checkbox', { name: /Velmora glass/ }));
    expect(within(group).getByText('2 of 10 chosen.')).toBeInTheDocument();
    expect(
      screen.getByText('Follows your 2 documents: a lesson per section, each video written from its section, each sentence cited'),
    ).toBeInTheDocument();
    // The sections decide how many lessons: the level no longer promises a count, and says so.
    const detail = screen.getByRole('group', { name: 'Detail' });
    expect(detail).toHaveAccessibleDescription(/sections decide how many lessons/);
    expect(within(detail).queryByText(/About 4 short lessons/)).toBeNull();
    expect(within(detail).getByRole('radio', { name: /Overview/ })).toHaveAccessibleName(/about 3 minutes/);
    expect((await axe.run(group, { rules: { 'color-contrast': { enabled: false } } })).violations).toEqual([]);

    // Unchosen from the keyboard: one document left.
    within(group).getByRole('checkbox', { name: /Velmora glass/ }).focus();
    await user.keyboard(' ');
    expect(
      screen.getByText('Follows your document: a lesson per section, each video written from its section, each sentence cited'),
    ).toBeInTheDocument();
    await user.keyboard(' ');

    await user.type(screen.getByLabelText('What do you want to learn?'), 'Glassmaking');
    await user.click(screen.getByRole('button', { name: /Generate course/ }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/generate-course')).toBe(true));
    expect(requests.find((r) => r.url === '/api/generate-course')?.body).toEqual({
      user_id: 'user-1',
      goal: 'Glassmaking',
      backgroundKnowledge: '',
      detailLevel: 2,
      source_ids: ['s-brine', 's-glass'],
    });
  });

  it('says before charging that the offline writer makes a lesson per section but cites nothing', async () => {
    const { user } = await openForm({
      'GET /api/sources': listed([glass]),
      'GET /api/video-functions-status': () => json({ video_generation: { available: true } }),
      'GET /debug': () => json({ engines: { 'script writer': 'offline writer (labelled offline draft)' } }),
    });
    await screen.findByText('You will get an offline draft');
    await user.click(await within(sourcesGroup()).findByRole('checkbox', { name: /Velmora/ }));
    expect(screen.getByText("Follows your document, a lesson per section; the offline writer's videos cite nothing")).toBeInTheDocument();
    expect(screen.queryByText(/each sentence cited/)).toBeNull();
  });

  it('stops at 10 documents, as for a video', async () => {
    const many = Array.from({ length: 11 }, (_, i) => makeSource(`s${i}`, `Chapter ${i + 1}`));
    const { user } = await openForm({ 'GET /api/sources': listed(many) });
    const boxes = await within(sourcesGroup()).findAllByRole('checkbox');
    for (const box of boxes.slice(0, 10)) await user.click(box);
    expect(within(sourcesGroup()).getByText('10 chosen: the most one course can use.')).toBeInTheDocument();
    expect(boxes[10]).toBeDisabled();
  });

  it('shows a refusal of a document no longer yours (422) beside the documents, and lists them again', async () => {
    let sources = [glass, brine];
    const { user, requests } = await openForm({
      'GET /api/sources': () => listed(sources)(),
      'POST /api/generate-course': () => {
        // The document was removed in another tab meanwhile.
        sources = [brine];
        return json(
          { detail: [{ loc: ['body', 'source_ids'], msg: 'source_ids names s-glass, which is not one of your sources', type: 'not_found' }] },
          422,
        );
      },
    });
    const group = sourcesGroup();
    await user.click(await within(group).findByRole('checkbox', { name: /Velmora glass/ }));
    await user.click(within(group).getByRole('checkbox', { name: /Brine recipes/ }));
    await user.type(screen.getByLabelText('What do you want to learn?'), 'Glassmaking');
    await user.click(screen.getByRole('button', { name: /Generate course/ }));

    const plain = "One of the documents you chose can't be used: it is no longer among your sources. Choose the documents again.";
    await waitFor(() => expect(within(group).getByText(plain)).toBeInTheDocument());
    expect(group).toHaveAccessibleDescription(expect.stringContaining(plain));
    expect(within(screen.getByTestId('generation-status')).getByText(plain)).toBeInTheDocument();
    expect(screen.queryByText(/source_ids names/)).toBeNull();
    // The list is asked again: the removed document is gone, and so is its choice.
    await waitFor(() => expect(within(group).queryByRole('checkbox', { name: /Velmora/ })).toBeNull());
    expect(within(group).getByRole('checkbox', { name: /Brine recipes/ })).toBeChecked();
    // The count follows the pruned choice a render later (a loaded machine showed the old count).
    await waitFor(() => expect(within(group).getByText('1 of 10 chosen.')).toBeInTheDocument());
    expect(requests.filter((r) => r.url === '/api/sources').length).toBeGreaterThanOrEqual(2);
    expect((await axe.run(group, { rules: { 'color-contrast': { enabled: false } } })).violations).toEqual([]);
  });

  it("says in the server's words when the documents are too short for a course", async () => {
    const message =
      'These documents hold 1 passage of text, and a course needs at least 3 lessons (one passage each): add a longer document, or make a video from them';
    const { user, requests } = await openForm({
      'GET /api/sources': listed([brine]),
      'POST /api/generate-course': () => json({ detail: [{ loc: ['body', 'source_ids'], msg: message, type: 'too_short' }] }, 422),
    });
    const group = sourcesGroup();
    await user.click(await within(group).findByRole('checkbox', { name: /Brine recipes/ }));
    await user.type(screen.getByLabelText('What do you want to learn?'), 'Pickling');
    await user.click(screen.getByRole('button', { name: /Generate course/ }));

    await waitFor(() => expect(within(group).getByText(`${message}.`)).toBeInTheDocument());
    expect(group).toHaveAccessibleDescription(expect.stringContaining('make a video from them.'));
    expect(screen.queryByText(/no longer among your sources/)).toBeNull();
    await waitFor(() => expect(requests.filter((r) => r.url === '/api/sources').length).toBeGreaterThanOrEqual(2));
    // The choice stays: the learner may add a document to it.
    expect(within(group).getByRole('checkbox', { name: /Brine recipes/ })).toBeChecked();
  });

  it('shows no chooser to a learner without documents, and the course is planned from its goal', async () => {
    const { user, requests } = await openForm({
      'GET /api/sources': listed([]),
      'POST /api/generate-course': () => json({ job_id: 'job-c', status: 'queued', cost: 3, title: 'Tides' }, 202),
    });
    await waitFor(() => expect(requests.some((r) => r.url === '/api/sources')).toBe(true));
    expect(screen.queryByRole('group', { name: /Sources/ })).toBeNull();
    await user.type(screen.getByLabelText('What do you want to learn?'), 'Tides');
    await user.click(screen.getByRole('button', { name: /Generate course/ }));
    await waitFor(() => expect(requests.some((r) => r.url === '/api/generate-course')).toBe(true));
    expect(requests.find((r) => r.url === '/api/generate-course')?.body).toMatchObject({ source_ids: [] });
  });
});
