/**
 * The one HTTP client of the web app (accounts.md §8, "Generic"): same-origin fetch with the session
 * cookie, JSON in and out, every failure raised as an HttpError. Calls to /v1 and /v2 also carry the
 * short-lived session bearer token (accounts.md §7) and, on a 401, are retried once with a fresh one.
 */

import { sessionToken } from './session-token';

export const NETWORK_ERROR_MESSAGE = 'Network error';

/** A failed call: status, message (from detail.message), errorType (from detail.status), raw payload. */
export class HttpError extends Error {
  readonly status: number;
  readonly errorType: string;
  readonly payload: unknown;

  constructor(status: number, message: string, errorType: string, payload: unknown = null) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.errorType = errorType;
    this.payload = payload;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

type ValidationIssue = { loc?: unknown; msg?: unknown };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads message and type from the three error bodies the server can send. */
function describeErrorBody(body: unknown, response: Response): { message: string; errorType: string } {
  const fallback = {
    message: response.statusText || `Request failed with status ${response.status}`,
    errorType: 'unknown',
  };
  if (!isRecord(body)) return fallback;
  const detail = body.detail;
  // Validation: {"detail":[{"loc":[...],"msg":"...","type":"..."}]}
  if (Array.isArray(detail)) {
    const first = detail[0] as ValidationIssue | undefined;
    return {
      message: typeof first?.msg === 'string' ? first.msg : fallback.message,
      errorType: 'validation_error',
    };
  }
  // {"detail":{"status":"<code>","message":"<text>"}}
  if (isRecord(detail)) {
    return {
      message: typeof detail.message === 'string' ? detail.message : fallback.message,
      errorType: typeof detail.status === 'string' ? detail.status : fallback.errorType,
    };
  }
  // better-auth under /api/auth answers {"code":"...","message":"..."}.
  if (typeof body.message === 'string') {
    return {
      message: body.message,
      errorType: typeof body.code === 'string' ? body.code : fallback.errorType,
    };
  }
  return fallback;
}

async function toHttpError(response: Response): Promise<HttpError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // Unreadable body: status 0, the status text, type 'unknown' (accounts.md §8).
    return new HttpError(0, response.statusText, 'unknown', null);
  }
  const { message, errorType } = describeErrorBody(body, response);
  return new HttpError(response.status, message, errorType, body);
}

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  params?: QueryParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

function buildUrl(path: string, params?: QueryParams): string {
  if (!params) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

/** The API paths that take the session bearer token (not /api/auth, which works by cookie). */
function takesBearerToken(path: string): boolean {
  return /^\/v[12](?:[/?#]|$)/.test(path);
}

/** Performs one call and returns the successful Response as it is (for binary bodies: audio, zip). */
export async function requestRaw(path: string, options: RequestOptions = {}): Promise<Response> {
  const { method = 'GET', body, params, signal, headers } = options;
  const send = async (token: string | null): Promise<Response> => {
    try {
      return await fetch(buildUrl(path, params), {
        method,
        credentials: 'include',
        signal,
        headers: {
          Accept: 'application/json',
          // FormData (multipart uploads) sets its own Content-Type with the boundary.
          ...(body !== undefined && !(body instanceof FormData)
            ? { 'Content-Type': 'application/json' }
            : {}),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body instanceof FormData ? body : body !== undefined ? JSON.stringify(body) : undefined,
      });
    } catch (error) {
      // Aborts are the caller's decision (e.g. TanStack Query cancelling), not a network failure.
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new HttpError(0, NETWORK_ERROR_MESSAGE, 'network', null);
    }
  };

  const token = takesBearerToken(path) ? await sessionToken.current() : null;
  let response = await send(token);
  // An expired or rejected token: one more try with a fresh one (none when the session itself is gone).
  if (response.status === 401 && token) {
    const fresh = await sessionToken.renew();
    if (fresh) response = await send(fresh);
  }

  if (!response.ok) throw await toHttpError(response);
  return response;
}

/** Performs one call and returns the parsed JSON body (null for an empty body). */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await requestRaw(path, options);

  const text = await response.text();
  if (!text) return null as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new HttpError(0, response.statusText, 'unknown', null);
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
