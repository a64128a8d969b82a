import { vi } from 'vitest';

export type RecordedRequest = {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
  credentials?: RequestCredentials;
  keepalive?: boolean;
};
type Reply = Response | (() => Response | Promise<Response>);
type Handler = Reply | ((req: RecordedRequest) => Response | Promise<Response>);

export function json(body: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });
}

/**
 * Replaces fetch with a table of "METHOD /path" handlers (query strings ignored);
 * unmatched requests answer 404. Every request is recorded in `requests`.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const req: RecordedRequest = {
      method,
      url: `${url.pathname}${url.search}`,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
      keepalive: init.keepalive,
    };
    requests.push(req);
    const handler = routes[`${method} ${url.pathname}`];
    if (handler === undefined) return json({ detail: 'Not Found' }, 404, 'Not Found');
    if (handler instanceof Response) return handler.clone();
    const signal = init.signal;
    const answer = Promise.resolve((handler as (r: RecordedRequest) => Response | Promise<Response>)(req));
    if (!signal) return answer;
    return new Promise<Response>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      answer.then(resolve, reject);
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/** A promise that never settles: an answer that never comes. */
export function never<T>(): Promise<T> {
  return new Promise<T>(() => undefined);
}
