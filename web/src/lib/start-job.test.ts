import { describe, expect, it } from 'vitest';
import { ApiError, errorDetail } from '@/lib/api-client';
import { NO_JOB_ID, startJob } from '@/lib/start-job';
import { json, mockFetch } from '@/testing/mock-fetch';

describe('startJob', () => {
  it('posts the request and answers with the started job', async () => {
    const { requests } = mockFetch({ 'POST /api/video/generate': json({ job_id: 'j1', status: 'queued' }, 202) });
    await expect(startJob('/api/video/generate', { topic: 'Tides' })).resolves.toEqual({ job_id: 'j1', status: 'queued' });
    expect(requests[0]?.body).toEqual({ topic: 'Tides' });
  });

  it('refuses an answer without a job id, or with an empty one', async () => {
    mockFetch({ 'POST /api/video/generate': json({ status: 'queued' }) });
    await expect(startJob('/api/video/generate', {})).rejects.toThrow(NO_JOB_ID);
    mockFetch({ 'POST /api/video/generate': json({ job_id: '' }) });
    await expect(startJob('/api/video/generate', {})).rejects.toThrow(NO_JOB_ID);
  });

  it('checks the answer as it is told to', async () => {
    mockFetch({ 'POST /api/batch': json({ job_ids: ['a'] }) });
    const started = (answer: { job_ids: string[] }) => answer.job_ids.length === 2;
    await expect(startJob('/api/batch', {}, { started })).rejects.toThrow(NO_JOB_ID);
  });

  it('keeps an API error as it is, or renames it keeping its status and body', async () => {
    mockFetch({ 'POST /api/video/generate': json({ detail: 'Not enough credits' }, 402, 'Payment Required') });
    await expect(startJob('/api/video/generate', {})).rejects.toThrow('Not enough credits');
    const renamed = await startJob('/api/video/generate', {}, { failure: (e) => `Failed: ${e.status}` }).catch((e: unknown) => e);
    expect(renamed).toBeInstanceOf(ApiError);
    expect(renamed).toMatchObject({ message: 'Failed: 402', status: 402, statusText: 'Payment Required' });
    expect(errorDetail(renamed as ApiError)).toBe('Not enough credits');
    const kept = await startJob('/api/video/generate', {}, { failure: () => null }).catch((e: unknown) => e);
    expect(kept).toMatchObject({ message: 'Not enough credits' });
  });

  it('reads no detail from an answer that has none', () => {
    expect(errorDetail(new ApiError('x', 500, '', undefined))).toBeUndefined();
    expect(errorDetail(new ApiError('x', 500, '', '<html>'))).toBeUndefined();
    expect(errorDetail(new ApiError('x', 500, '', null))).toBeUndefined();
  });
});
