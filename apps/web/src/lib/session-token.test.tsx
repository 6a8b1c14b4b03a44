// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createTestQueryClient, jsonResponse } from '@/testing/test-utils';

import { api, HttpError } from './api-client';
import { refreshSession, useSignOut } from './auth';
import { createSessionTokenStore, SESSION_TOKEN_PATH, sessionToken } from './session-token';

const verified = { session: { id: 's1' }, user: { emailVerified: true } };

/** A token fetcher answering tok-1, tok-2, … */
function tokens() {
  let n = 0;
  return vi.fn(async () => `tok-${++n}`);
}

describe('session token store', () => {
  it('fetches a token as soon as a verified session is known, and every 300,000 ms after', async () => {
    vi.useFakeTimers();
    const fetchToken = tokens();
    const store = createSessionTokenStore(fetchToken);
    store.sync(verified);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    expect(await store.current()).toBe('tok-1');

    await vi.advanceTimersByTimeAsync(299_999);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(await store.current()).toBe('tok-2');
    await vi.advanceTimersByTimeAsync(300_000);
    expect(await store.current()).toBe('tok-3');

    // The session query answering the same session again does not restart anything.
    store.sync(verified);
    expect(fetchToken).toHaveBeenCalledTimes(3);
    store.clear();
  });

  it('gives no token while the email is not verified', async () => {
    vi.useFakeTimers();
    const fetchToken = tokens();
    const store = createSessionTokenStore(fetchToken);
    store.sync({ session: { id: 's1' }, user: { emailVerified: false } });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(fetchToken).not.toHaveBeenCalled();
    expect(await store.current()).toBeNull();
    // Verifying the address starts the tokens.
    store.sync(verified);
    expect(await store.current()).toBe('tok-1');
    store.clear();
  });

  it("a new session while a token is being fetched hands over the new session's token", async () => {
    vi.useFakeTimers();
    const answers: ((token: string) => void)[] = [];
    const fetchToken = vi.fn(() => new Promise<string>((resolve) => answers.push(resolve)));
    const store = createSessionTokenStore(fetchToken);
    store.sync(verified);
    answers[0]!('old');
    expect(await store.current()).toBe('old');
    // A 401 asks for a fresh token; meanwhile the session is replaced (two-factor enrolment rotates it).
    const renewed = store.renew();
    store.sync({ session: { id: 's2' }, user: { emailVerified: true } });
    answers[1]!('stale');
    answers[2]!('new');
    expect(await renewed).toBe('new');
    expect(await store.current()).toBe('new');
    store.clear();
  });

  it('stops on clear: no token, no more refreshes, and a fetch under way is dropped', async () => {
    vi.useFakeTimers();
    let answer: (token: string) => void = () => {};
    const fetchToken = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const store = createSessionTokenStore(fetchToken);
    store.sync(verified);
    const waiting = store.current();
    store.clear();
    answer('late');
    expect(await waiting).toBeNull();
    expect(await store.current()).toBeNull();
    await vi.advanceTimersByTimeAsync(900_000);
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });
});

describe('api client with the session token', () => {
  afterEach(() => sessionToken.clear());

  /** Stubs fetch: /api/auth/token answers tok-1, tok-2, …; other paths answer by `api`. */
  function stubServer(apiAnswer: (init: RequestInit | undefined) => Response) {
    let n = 0;
    const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) =>
      String(url) === SESSION_TOKEN_PATH ? jsonResponse({ token: `tok-${++n}` }) : apiAnswer(init),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }
  const authorizationOf = (init: RequestInit | undefined) =>
    (init?.headers as Record<string, string> | undefined)?.Authorization;

  it('fetches the token before the first /v1 call and sends it on /v1 and /v2, not on /api/auth', async () => {
    const fetchMock = stubServer(() => jsonResponse({ ok: true }));
    sessionToken.sync(verified);
    await api.get('/v1/user');
    await api.post('/v2/voices', { name: 'x' });
    await api.get('/api/auth/get-session');
    const calls = fetchMock.mock.calls.map(([url, init]) => [String(url), authorizationOf(init)]);
    expect(calls).toEqual([
      [SESSION_TOKEN_PATH, undefined],
      ['/v1/user', 'Bearer tok-1'],
      ['/v2/voices', 'Bearer tok-1'],
      ['/api/auth/get-session', undefined],
    ]);
  });

  it('on a 401 fetches a fresh token and retries once', async () => {
    const fetchMock = stubServer((init) =>
      authorizationOf(init) === 'Bearer tok-2'
        ? jsonResponse({ user_id: 'u1' })
        : jsonResponse(
            { detail: { status: 'unauthorized', message: 'Invalid or missing credentials.' } },
            { status: 401 },
          ),
    );
    sessionToken.sync(verified);
    expect(await api.get('/v1/user')).toEqual({ user_id: 'u1' });
    expect(fetchMock.mock.calls.map(([url, init]) => [String(url), authorizationOf(init)])).toEqual([
      [SESSION_TOKEN_PATH, undefined],
      ['/v1/user', 'Bearer tok-1'],
      [SESSION_TOKEN_PATH, undefined],
      ['/v1/user', 'Bearer tok-2'],
    ]);
  });

  it('retries only once: a second 401 reaches the caller', async () => {
    const fetchMock = stubServer(() =>
      jsonResponse(
        { detail: { status: 'unauthorized', message: 'Invalid or missing credentials.' } },
        { status: 401 },
      ),
    );
    sessionToken.sync(verified);
    const error = await api.get('/v1/user').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/v1/user')).toHaveLength(2);
  });

  it('the session query starts the token for a verified session; sign-out clears it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubServer(() => jsonResponse({ success: true }));
    fetchMock.mockImplementation(async (url: string | URL | Request) => {
      const path = String(url);
      if (path === SESSION_TOKEN_PATH) return jsonResponse({ token: 'tok-1' });
      if (path === '/api/auth/get-session')
        return jsonResponse({ ...verified, user: { ...verified.user, id: 'u1' } });
      return jsonResponse({ success: true });
    });
    const queryClient = createTestQueryClient();
    await refreshSession(queryClient);
    expect(await sessionToken.current()).toBe('tok-1');

    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/app/home']}>{children}</MemoryRouter>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useSignOut(), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(await sessionToken.current()).toBeNull();

    const tokenFetches = () =>
      fetchMock.mock.calls.filter(([url]) => String(url) === SESSION_TOKEN_PATH).length;
    const before = tokenFetches();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(tokenFetches()).toBe(before);
    await api.get('/v1/user');
    expect(authorizationOf(fetchMock.mock.calls.at(-1)?.[1])).toBeUndefined();
  });
});
