import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GenerationQueueWrapper as wrapper } from '@/testing/generation-queue-wrapper';
import { json, mockFetch, type RecordedRequest } from '@/testing/mock-fetch';
import { makeJobStatus } from '@/testing/make-job-status';
import { useGenerationQueue } from '@/hooks/use-generation-queue';
import { SOLUTION_TEXT, useSolutionGeneration } from '@/features/create/hooks/use-solution-generation';

let status = makeJobStatus({ kind: 'problem', status: 'processing', progress: 1, current_step: 'Analyzing your problem...' });
let requests: RecordedRequest[] = [];

beforeEach(() => {
  window.localStorage.clear();
  status = makeJobStatus({ kind: 'problem', status: 'processing', progress: 1, current_step: 'Analyzing your problem...' });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  requests = mockFetch({
    'POST /api/video/generate-solution': () => json({ job_id: 'job-1', status: 'queued', cost: 1, title: '2x + 3 = 11' }, 202),
    'GET /api/job/job-1/status': () => json(status),
  }).requests;
});

afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('problem generation flow (SPEC 4.2)', () => {
  it("starts with 'Analyzing your problem...' and ends with 'Problem solved! Ready to watch'", async () => {
    const { result } = renderHook(() => ({ generation: useSolutionGeneration('u1'), queue: useGenerationQueue() }), {
      wrapper,
    });
    expect(result.current.generation.phase).toBe('idle');

    let started: Promise<void> | undefined;
    act(() => {
      started = result.current.generation.start({ problem: '2x + 3 = 11', duration: 1 });
    });
    expect(result.current.generation.phase).toBe('generating');
    expect(result.current.generation.progress).toBe(0);
    expect(result.current.generation.step).toBe(SOLUTION_TEXT.initializing);
    await act(() => started!);
    expect(result.current.generation.isQueued).toBe(true);
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ problem_text: '2x + 3 = 11', video_duration: 1, subject: 'math', detail_level: 2 });

    const queued = result.current.queue.store.getJob('job-1');
    expect(queued?.type).toBe('problem');
    expect(queued?.title).toBe('2x + 3 = 11');
    expect(queued?.metadata.credits).toBe(1);

    await advance(2_500);
    expect(result.current.generation.step).toBe('Analyzing your problem...');

    status = makeJobStatus({
      kind: 'problem',
      status: 'completed',
      progress: 100,
      current_step: 'Problem solved! Video ready for download!',
      video_url: '/api/video/job-1?t=x',
    });
    await advance(2_500);
    expect(result.current.generation.phase).toBe('completed');
    expect(result.current.generation.progress).toBe(100);
    expect(result.current.generation.step).toBe('Problem solved! Ready to watch');
  });

  it('fails with the problem-solving user id message when no user is signed in', async () => {
    const { result } = renderHook(() => useSolutionGeneration(null), { wrapper });
    await act(() => result.current.start({ problem: '2x + 3 = 11' }));
    expect(result.current.phase).toBe('failed');
    expect(result.current.error).toBe('User ID is required for problem solving');
  });

  it("shows the server's refusal of a problem that needs a language model", async () => {
    mockFetch({
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
    const { result } = renderHook(() => useSolutionGeneration('u1'), { wrapper });
    await act(() => result.current.start({ problem: 'Why is the sky blue?' }));
    expect(result.current.phase).toBe('failed');
    expect(result.current.error).toContain('This problem needs a language model');
    expect(result.current.isQueued).toBe(false);
  });
});
