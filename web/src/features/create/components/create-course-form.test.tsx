import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/mock-fetch';
import { makeSession } from '@/testing/data';
import { renderApp } from '@/testing/render-app';
import { makeJobStatus } from '@/testing/make-job-status';

function credits(available: number) {
  return { credits: { available, total_purchased: 0, total_used: 0, last_purchase: null, subscription_status: 'free' } };
}

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
    expect(sent?.body).toEqual({ user_id: 'user-1', goal: 'Learn Rust', backgroundKnowledge: 'Some C', detailLevel: 3 });
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
