// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '@/testing/test-utils';

import { api, HttpError, NETWORK_ERROR_MESSAGE } from './api-client';

function stubFetch(impl: () => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('api client', () => {
  it('maps {"detail":{status,message}} to status, message and errorType', async () => {
    const body = { detail: { status: 'quota_exceeded', message: 'You have used all your characters.' } };
    stubFetch(async () => jsonResponse(body, { status: 403, statusText: 'Forbidden' }));
    const error = await failure(api.get('/v1/user'));
    expect(error.status).toBe(403);
    expect(error.message).toBe('You have used all your characters.');
    expect(error.errorType).toBe('quota_exceeded');
    expect(error.payload).toEqual(body);
  });

  it("gives status 0, the status text and type 'unknown' for an unreadable body", async () => {
    stubFetch(
      async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const error = await failure(api.get('/v1/user'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Bad Gateway');
    expect(error.errorType).toBe('unknown');
  });

  it("reports a network failure as 'Network error'", async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(api.post('/v1/messages/read-all'));
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(NETWORK_ERROR_MESSAGE).toBe('Network error');
    expect(error.status).toBe(0);
  });

  it('reads the first validation message of a 422', async () => {
    stubFetch(async () =>
      jsonResponse(
        { detail: [{ loc: ['query', 'page_size'], msg: 'Too big', type: 'too_big' }] },
        { status: 422 },
      ),
    );
    const error = await failure(api.get('/v1/messages', { params: { page_size: 500 } }));
    expect(error.status).toBe(422);
    expect(error.message).toBe('Too big');
  });

  it('reads better-auth {code,message} bodies', async () => {
    stubFetch(async () =>
      jsonResponse(
        { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
        { status: 401 },
      ),
    );
    const error = await failure(api.post('/api/auth/sign-in/email', { email: 'a@b.c', password: 'x' }));
    expect(error.status).toBe(401);
    expect(error.errorType).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('sends credentials, JSON and query parameters', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ ok: true }));
    await expect(
      api.post('/v1/x', { a: 1 }, { params: { page_size: 30, skip: undefined } }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/x?page_size=30');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
  });
});
