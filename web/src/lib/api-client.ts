import { API_BASE } from '@/config/env';
import { accessToken } from '@/lib/access-token';
import type { components } from '@/types/openapi';

/** An HTTP answer that was not 2xx; `message` follows SPEC.md 8 "API errors (general)". */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;

  constructor(message: string, status: number, statusText: string, body: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }
}

/** The request never got an answer (offline, DNS, refused connection, CORS). */
export class NetworkError extends Error {
  constructor(message = 'Network request failed', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/** The request was aborted by its own timeout. */
export class TimeoutError extends Error {
  readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms`);
    this.name = 'TimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

type ValidationItem = { msg?: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * One validation message as a sentence. Its location (`body.topic`) is for code, not for the
 * person reading it (issue 54): the server's message already names the field in words.
 */
function formatValidationItem(item: unknown): string | null {
  const msg = typeof item === 'string' ? item : isRecord(item) ? (item as ValidationItem).msg : null;
  if (typeof msg !== 'string' || !msg.trim()) return null;
  const text = msg.trim();
  return /[.!?…)]$/.test(text) ? text : `${text}.`;
}

/**
 * SPEC.md 8: detail (a string, a list of messages with location, shown as sentences without
 * it, or an object with a message), else message, else error, else 'HTTP {status}: {statusText}'.
 */
export function extractErrorMessage(body: unknown, status: number, statusText: string): string {
  if (isRecord(body)) {
    const { detail } = body;
    if (typeof detail === 'string' && detail) return detail;
    if (Array.isArray(detail)) {
      const parts = detail.map(formatValidationItem).filter((p): p is string => Boolean(p));
      if (parts.length > 0) return parts.join(' ');
    }
    if (isRecord(detail) && typeof detail.message === 'string' && detail.message) return detail.message;
    if (typeof body.message === 'string' && body.message) return body.message;
    if (typeof body.error === 'string' && body.error) return body.error;
  }
  return `HTTP ${status}: ${statusText}`;
}

/**
 * The request field a 422 refused first (the last part of its `loc`: `source_ids` for
 * `["body", "source_ids"]`); null for any other error.
 */
export function refusedField(error: unknown): string | null {
  const first = firstRefusal(error);
  const loc = first && Array.isArray(first.loc) ? first.loc : [];
  const last: unknown = loc[loc.length - 1];
  return typeof last === 'string' ? last : null;
}

/**
 * What kind of refusal a 422's first is (its `type`: `not_found`, `too_long`, `too_short`…);
 * null for any other error.
 */
export function refusalType(error: unknown): string | null {
  const type = firstRefusal(error)?.type;
  return typeof type === 'string' ? type : null;
}

/** The first item of a 422's list of refusals; null for any other error. */
function firstRefusal(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof ApiError) || error.status !== 422 || !isRecord(error.body)) return null;
  const { detail } = error.body;
  const first: unknown = Array.isArray(detail) ? detail[0] : undefined;
  return isRecord(first) ? first : null;
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Abort the request after this many milliseconds with a TimeoutError. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Send the bearer token when one is held (default true). */
  auth?: boolean;
  headers?: Record<string, string>;
  /** How a 2xx answer is read: JSON or text (the default), or the raw bytes as a Blob (an image). */
  as?: 'data' | 'blob';
  /** The request outlives the page (sent as it is hidden or left). */
  keepalive?: boolean;
};

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, timeoutMs, signal, auth = true, headers = {}, as = 'data', keepalive } = options;
  const finalHeaders: Record<string, string> = { Accept: as === 'blob' ? '*/*' : 'application/json', ...headers };
  // Form data (files) carries its own multipart boundary in the type the browser sets.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) finalHeaders['Content-Type'] = 'application/json';
  const token = auth ? accessToken.get() : null;
  if (token) finalHeaders.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
  const onCallerAbort = () => controller.abort(signal?.reason);
  if (signal) {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', onCallerAbort, { once: true });
  }

  try {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${path}`, {
        method,
        headers: finalHeaders,
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        credentials: 'include',
        signal: controller.signal,
        keepalive,
      });
    } catch (cause) {
      if (timedOut && timeoutMs !== undefined) throw new TimeoutError(timeoutMs);
      if (signal?.aborted) throw cause;
      throw new NetworkError(cause instanceof Error ? cause.message : 'Network request failed', { cause });
    }
    let payload: unknown;
    try {
      if (response.ok && as === 'blob') return (await response.blob()) as T;
      payload = await readBody(response);
    } catch (cause) {
      if (timedOut && timeoutMs !== undefined) throw new TimeoutError(timeoutMs);
      throw new NetworkError('The response could not be read', { cause });
    }
    if (!response.ok) {
      throw new ApiError(
        extractErrorMessage(payload, response.status, response.statusText),
        response.status,
        response.statusText,
        payload,
      );
    }
    return payload as T;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
};

/** The `detail` of an error answer (the API's `ErrorBody`: a message or a list of field errors), if it has one. */
export function errorDetail(error: ApiError): unknown {
  return (error.body as Partial<components['schemas']['ErrorBody']> | null | undefined)?.detail;
}

/** The URL of a server page (not a JSON call), e.g. the sign-in start page. */
export function serverUrl(path: string): string {
  return `${API_BASE}${path}`;
}
