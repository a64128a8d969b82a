import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToasts } from '@/components/ui/toast-store';
import { json, mockFetch } from '@/testing/mock-fetch';
import { makeJobStatus } from '@/testing/make-job-status';
import { GenerationQueueProvider } from '@/features/queue/components/generation-queue-provider';
import { QueuePanel, QueueToggle } from '@/features/queue/components/queue-panel';
import { POLL_ERROR_INTERVAL_MS, POLL_INTERVAL_MS } from '@/features/queue/components/job-poller';
import { useGenerationQueue, type GenerationQueue } from '@/hooks/use-generation-queue';
import { queueStorageKey } from '@/features/queue/lib/queue-store';
import type { NewQueueJob, QueueJob } from '@/types/queue';

const draft: NewQueueJob = { type: 'video', title: 'Photosynthesis', metadata: { duration: 1, level: 1, credits: 1 } };

let queue: GenerationQueue;
function Grab() {
  queue = useGenerationQueue();
  return null;
}

function renderQueue(onJobFinished?: (job: QueueJob) => void, onCreditsChanged?: () => void) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <GenerationQueueProvider userId="u1" onJobFinished={onJobFinished} onCreditsChanged={onCreditsChanged}>
          <Grab />
          <QueueToggle />
          <QueuePanel />
        </GenerationQueueProvider>
      ),
    },
  ]);
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    // Responses settle on real ticks; TanStack Query then notifies on a (fake) timeout.
    for (let i = 0; i < 3; i += 1) {
      await new Promise<void>((r) => queueMicrotask(r));
      await vi.advanceTimersByTimeAsync(1);
    }
  });

async function startJob(id = 'job-1') {
  await act(() => queue.store.start(draft, async () => ({ job_id: id })));
  await advance(100);
}

beforeEach(() => {
  window.localStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('AI Generation Queue panel', () => {
  it('polls every 2 s until the job completes, then stops and reports it', async () => {
    const answers = [
      makeJobStatus({ job_id: 'job-1', status: 'queued' }),
      makeJobStatus({ job_id: 'job-1', status: 'processing', progress: 45, current_step: 'Narrating scene 2 of 4' }),
      makeJobStatus({ job_id: 'job-1', status: 'completed', progress: 100, smart_title: 'How Plants Eat Light', video_url: '/api/video/job-1?t=a' }),
    ];
    const { requests } = mockFetch({
      'GET /api/job/job-1/status': () => json(answers.shift() ?? answers.at(-1)),
    });
    const finished = vi.fn();
    renderQueue(finished);
    await startJob();
    const statusCalls = () => requests.filter((r) => r.url === '/api/job/job-1/status').length;

    const panel = screen.getByRole('complementary', { name: 'AI Generation Queue' });
    expect(statusCalls()).toBe(1);
    expect(within(panel).getByTestId('queue-item-state')).toHaveTextContent('Queued');

    await advance(POLL_INTERVAL_MS);
    expect(statusCalls()).toBe(2);
    expect(within(panel).getByTestId('queue-item-state')).toHaveTextContent('Processing');
    expect(within(panel).getByText('Narrating scene 2 of 4')).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '45');

    await advance(POLL_INTERVAL_MS);
    expect(statusCalls()).toBe(3);
    // Nothing runs any more: the panel folds into its button, which still opens it.
    expect(screen.queryByRole('complementary', { name: 'AI Generation Queue' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Queue 0 active jobs: show the AI Generation Queue' }));
    const reopened = screen.getByRole('complementary', { name: 'AI Generation Queue' });
    expect(within(reopened).getByTestId('queue-item-state')).toHaveTextContent('Ready');
    expect(within(reopened).getByTestId('queue-item-outcome')).toHaveTextContent('Ready to watch');
    expect(within(reopened).getByRole('link', { name: /Watch/ })).toHaveAttribute('href', '/video/job-1');

    await advance(POLL_INTERVAL_MS * 3);
    expect(statusCalls()).toBe(3);
    expect(finished).toHaveBeenCalledWith(expect.objectContaining({ id: 'job-1', state: 'completed' }));
  });

  it('retries 4 s after a failed poll', async () => {
    let fail = true;
    const { requests } = mockFetch({
      'GET /api/job/job-1/status': () => (fail ? json({ detail: 'boom' }, 500) : json(makeJobStatus({ status: 'processing', progress: 10 }))),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderQueue();
    await startJob();
    const statusCalls = () => requests.filter((r) => r.url === '/api/job/job-1/status').length;
    expect(statusCalls()).toBe(1);

    await advance(POLL_INTERVAL_MS);
    expect(statusCalls()).toBe(1);
    fail = false;
    await advance(POLL_ERROR_INTERVAL_MS - POLL_INTERVAL_MS);
    expect(statusCalls()).toBe(2);
    await advance(POLL_INTERVAL_MS);
    expect(statusCalls()).toBe(3);
  });

  it('shows a failed job with its error, or Generation failed', async () => {
    mockFetch({
      'GET /api/job/a/status': () => json(makeJobStatus({ job_id: 'a', status: 'failed', error: 'render: out of disk' })),
      'GET /api/job/b/status': () => json(makeJobStatus({ job_id: 'b', status: 'failed', error: null })),
    });
    renderQueue();
    await startJob('a');
    await startJob('b');
    fireEvent.click(screen.getByTestId('queue-toggle'));
    expect(screen.getByText('render: out of disk')).toBeInTheDocument();
    expect(screen.getByText('Generation failed')).toBeInTheDocument();
  });

  it('asks before cancelling, then cancels locally and on the server, says the refund and refreshes the balance', async () => {
    const { requests } = mockFetch({
      'GET /api/job/job-1/status': () => json(makeJobStatus({ status: 'processing', progress: 20 })),
      'POST /api/job/job-1/cancel': () => json(makeJobStatus({ status: 'cancelled' })),
    });
    const creditsChanged = vi.fn();
    renderQueue(undefined, creditsChanged);
    await startJob();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Photosynthesis' }));
    // The first click only asks.
    expect(requests.some((r) => r.url === '/api/job/job-1/cancel')).toBe(false);
    const confirm = screen.getByRole('group', { name: 'Cancel Photosynthesis?' });
    expect(confirm).toHaveTextContent('Cancel this job? Its 1 credit will be refunded.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(screen.getByTestId('queue-item-state')).toHaveTextContent('Processing');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Photosynthesis' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    await advance(0);
    expect(creditsChanged).toHaveBeenCalled();
    expect(getToasts()).toContainEqual(expect.objectContaining({ tone: 'info', message: 'Cancelled, 1 credit refunded' }));
    fireEvent.click(screen.getByTestId('queue-toggle'));
    expect(screen.getByTestId('queue-item-state')).toHaveTextContent('Cancelled');
    expect(screen.getByTestId('queue-item-outcome')).toHaveTextContent('Cancelled, 1 credit refunded');
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/job/job-1/cancel')).toBe(true);
    const polls = requests.filter((r) => r.url === '/api/job/job-1/status').length;
    await advance(POLL_INTERVAL_MS * 3);
    expect(requests.filter((r) => r.url === '/api/job/job-1/status').length).toBe(polls);
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Photosynthesis from the queue' })).toBeInTheDocument();
  });

  it('minimises to a button with the number of active jobs, and clears finished jobs', async () => {
    mockFetch({
      'GET /api/job/a/status': () => json(makeJobStatus({ status: 'completed', progress: 100 })),
      'GET /api/job/b/status': () => json(makeJobStatus({ status: 'processing', progress: 5 })),
    });
    renderQueue();
    await startJob('a');
    await startJob('b');
    expect(screen.getAllByTestId('queue-item')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Minimise the queue' }));
    expect(screen.queryByTestId('queue-panel')).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'Queue 1 active job: show the AI Generation Queue' });
    expect(within(open).getByTestId('queue-active-count')).toHaveTextContent('1');
    fireEvent.click(open);

    fireEvent.click(screen.getByRole('button', { name: 'Clear finished (1)' }));
    expect(screen.getAllByTestId('queue-item')).toHaveLength(1);
    expect(screen.getByTestId('queue-item-state')).toHaveTextContent('Processing');
  });

  it('restores the saved queue on load and resumes polling', async () => {
    const saved: Partial<QueueJob>[] = [
      { id: 'job-7', type: 'video', title: 'Saved topic', state: 'processing', progress: 30, currentStep: 'Rendering', metadata: {}, createdAt: '2026-01-01T00:00:00Z' },
    ];
    window.localStorage.setItem(queueStorageKey('u1'), JSON.stringify({ version: 1, jobs: saved, minimised: false }));
    const { requests } = mockFetch({
      'GET /api/job/job-7/status': () => json(makeJobStatus({ job_id: 'job-7', status: 'processing', progress: 60 })),
    });
    renderQueue();
    await advance(0);
    expect(requests.some((r) => r.url === '/api/job/job-7/status')).toBe(true);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
  });
});
