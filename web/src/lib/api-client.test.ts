import { describe, expect, it, vi } from 'vitest';
import { accessToken } from '@/lib/access-token';
import { api, ApiError, extractErrorMessage, NetworkError, refusalType, refusedField, TimeoutError } from '@/lib/api-client';
import { json, mockFetch, never } from '@/testing/mock-fetch';

describe('extractErrorMessage (SPEC 8 "API errors (general)")', () => {
  it('uses detail when it is a string', () => {
    expect(extractErrorMessage({ detail: 'Not enough credits' }, 402, 'Payment Required')).toBe('Not enough credits');
  });

  it('joins a list of validation messages as sentences, never naming their field path', () => {
    const body = {
      detail: [
        { loc: ['body', 'topic'], msg: 'Topic is required', type: 'missing' },
        { loc: ['body', 'level'], msg: 'Level must be 1 to 3.', type: 'value_error' },
      ],
    };
    const message = extractErrorMessage(body, 422, 'Unprocessable Entity');
    expect(message).toBe('Topic is required. Level must be 1 to 3.');
    expect(message).not.toContain('body.');
  });

  it('uses the message of a detail object', () => {
    expect(extractErrorMessage({ detail: { message: 'Job not found' } }, 404, 'Not Found')).toBe('Job not found');
  });

  it('falls back to message, then error', () => {
    expect(extractErrorMessage({ message: 'Bad things' }, 500, 'Internal Server Error')).toBe('Bad things');
    expect(extractErrorMessage({ error: 'Worse things' }, 500, 'Internal Server Error')).toBe('Worse things');
  });

  it('falls back to HTTP status and status text', () => {
    expect(extractErrorMessage(undefined, 502, 'Bad Gateway')).toBe('HTTP 502: Bad Gateway');
    expect(extractErrorMessage('<html>oops</html>', 500, 'Internal Server Error')).toBe('HTTP 500: Internal Server Error');
    expect(extractErrorMessage({ detail: [] }, 422, 'Unprocessable Entity')).toBe('HTTP 422: Unprocessable Entity');
  });
});

describe('api client', () => {
  it('sends JSON with cookies and the bearer token when one is held', async () => {
    const { requests } = mockFetch({ 'POST /api/thing': json({ ok: true }) });
    accessToken.set('tok-123');
    await expect(api.post('/api/thing', { a: 1 })).resolves.toEqual({ ok: true });
    const [req] = requests;
    expect(req?.credentials).toBe('include');
    expect(req?.headers.get('authorization')).toBe('Bearer tok-123');
    expect(req?.headers.get('content-type')).toBe('application/json');
    expect(req?.body).toEqual({ a: 1 });
  });

  it('leaves the token off when asked to', async () => {
    const { requests } = mockFetch({ 'POST /auth/refresh': json({}) });
    accessToken.set('tok-123');
    await api.post('/auth/refresh', undefined, { auth: false });
    expect(requests[0]?.headers.get('authorization')).toBeNull();
  });

  it('throws an ApiError carrying status and body', async () => {
    const body = { detail: 'Course not found' };
    mockFetch({ 'GET /api/courses/9': json(body, 404, 'Not Found') });
    const error = await api.get('/api/courses/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Course not found', status: 404, statusText: 'Not Found', body });
  });

  it('reads an image answer as bytes, and an error answer of the same call as JSON', async () => {
    const png = new Uint8Array([137, 80, 78, 71]);
    mockFetch({ 'POST /api/frame': () => new Response(png, { headers: { 'content-type': 'image/png' } }) });
    const blob = await api.post<Blob>('/api/frame', {}, { as: 'blob' });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(png);

    mockFetch({ 'POST /api/frame': json({ detail: 'Too many' }, 429) });
    await expect(api.post('/api/frame', {}, { as: 'blob' })).rejects.toMatchObject({ status: 429, message: 'Too many' });
  });

  it('answers 204 with undefined', async () => {
    mockFetch({ 'POST /auth/logout': () => new Response(null, { status: 204 }) });
    await expect(api.post('/auth/logout')).resolves.toBeUndefined();
  });

  it('turns a failed connection into a NetworkError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/api/me')).rejects.toBeInstanceOf(NetworkError);
  });

  it('aborts after its timeout with a TimeoutError', async () => {
    vi.useFakeTimers();
    try {
      mockFetch({ 'GET /api/slow': () => never<Response>() });
      const pending = api.get('/api/slow', { timeoutMs: 8000 }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(8000);
      const error = await pending;
      expect(error).toBeInstanceOf(TimeoutError);
      expect((error as TimeoutError).timeoutMs).toBe(8000);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('refusedField', () => {
  it("names the field a 422's first error is about, and nothing for any other answer", () => {
    const refused = (status: number, body: unknown) => refusedField(new ApiError('x', status, '', body));
    expect(refused(422, { detail: [{ loc: ['body', 'source_ids'], msg: 'm' }, { loc: ['body', 'topic'], msg: 'n' }] })).toBe('source_ids');
    expect(refused(422, { detail: [{ loc: ['body', 'storyboard', 'scenes', 2], msg: 'm' }] })).toBeNull();
    expect(refused(422, { detail: 'A plain refusal' })).toBeNull();
    expect(refused(400, { detail: [{ loc: ['body', 'source_ids'], msg: 'm' }] })).toBeNull();
    expect(refusedField(new Error('offline'))).toBeNull();
  });

  it("names the kind of a 422's first refusal, and nothing for any other answer", () => {
    const kind = (status: number, body: unknown) => refusalType(new ApiError('x', status, '', body));
    expect(kind(422, { detail: [{ loc: ['body', 'source_ids'], msg: 'm', type: 'too_short' }, { loc: ['body', 'goal'], type: 'missing' }] })).toBe('too_short');
    expect(kind(422, { detail: [{ loc: ['body', 'source_ids'], msg: 'm' }] })).toBeNull();
    expect(kind(422, { detail: 'A plain refusal' })).toBeNull();
    expect(kind(400, { detail: [{ loc: ['body', 'source_ids'], msg: 'm', type: 'not_found' }] })).toBeNull();
    expect(refusalType(new Error('offline'))).toBeNull();
  });
});
