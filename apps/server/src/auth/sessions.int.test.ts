/**
 * Sessions (accounts.md §4): revoked, expired and idle sessions are refused by every endpoint, by
 * cookie and by bearer token alike; the workspace's session_inactivity_timeout ends idle sessions.
 * Idling is simulated by moving the session's last activity back, never by sleeping.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedSessionToken } from './session-token-hash';
import { sessions } from '../db/schema/auth';
import { workspaces } from '../db/schema/workspaces';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../testing/test-app';

const KAL = 'cZu6SI8gppUv1kFPCYh3'; // Flite kal16

describe(`sessions on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  /** Signs the user in once more: a fresh session, with its cookie and its bearer token. */
  async function signIn(user: TestUser) {
    const res = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const bearer = res.headers.get('set-auth-token');
    expect(bearer).toBeTruthy();
    const { token } = (await res.json()) as { token: string };
    return { cookie, bearer: bearer!, token };
  }

  const getUser = (headers: Record<string, string>) => app.request('/v1/user', { headers });

  it('signs in from the loopback alias of a local PUBLIC_URL (localhost for 127.0.0.1), never from another origin', async () => {
    const user = await createTestUser(app);
    const port = new URL(app.config.publicUrl).port;
    const from = (origin: string) =>
      app.request('/api/auth/sign-in/email', {
        method: 'POST',
        // A browser sends its cookies (here an unrelated one): better-auth checks the origin only then.
        headers: { 'content-type': 'application/json', origin, cookie: 'theme=dark' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
    expect((await from(`http://localhost:${port}`)).status).toBe(200);
    expect((await from(`http://[::1]:${port}`)).status).toBe(200);
    expect((await from(`http://localhost:${Number(port) + 1}`)).status).toBe(403);
    const evil = await from('http://evil.example');
    expect(evil.status).toBe(403);
    expect(await evil.json()).toEqual({ detail: { status: 'INVALID_ORIGIN', message: 'Invalid origin' } });
  });
  const speak = (headers: Record<string, string>) =>
    app.request(`/v1/text-to-speech/${KAL}?output_format=pcm_16000`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ text: 'Hello.' }),
    });
  const sessionRow = async (token: string) =>
    (
      await app.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.token, storedSessionToken(token)))
    )[0];
  const idleFor = (token: string, seconds: number) =>
    app.database.db
      .update(sessions)
      .set({ updatedAt: new Date(Date.now() - seconds * 1000) })
      .where(eq(sessions.token, storedSessionToken(token)));
  const setTimeoutOf = (user: TestUser, seconds: number | null) =>
    app.database.db
      .update(workspaces)
      .set({ sessionInactivityTimeout: seconds })
      .where(eq(workspaces.id, user.workspaceId));

  it('a session works by cookie and by bearer token', async () => {
    const user = await createTestUser(app);
    const s = await signIn(user);
    expect((await getUser({ cookie: s.cookie })).status).toBe(200);
    expect((await getUser({ authorization: `Bearer ${s.bearer}` })).status).toBe(200);
    expect((await speak({ authorization: `Bearer ${s.bearer}` })).status).toBe(200);
  });

  it('a session revoked through better-auth is refused by /v1/user and text to speech', async () => {
    const user = await createTestUser(app);
    const s = await signIn(user);
    expect((await speak({ cookie: s.cookie })).status).toBe(200);
    await app.auth.api.revokeSession({
      body: { token: s.token },
      headers: new Headers({ cookie: user.cookie }),
    });
    expect(await sessionRow(s.token)).toBeUndefined();
    const ways: Record<string, string>[] = [{ cookie: s.cookie }, { authorization: `Bearer ${s.bearer}` }];
    for (const headers of ways) {
      const me = await getUser(headers);
      expect(me.status).toBe(401);
      expect(await me.json()).toEqual({
        detail: { status: 'unauthorized', message: 'Invalid or missing credentials.' },
      });
      expect((await speak(headers)).status).toBe(401);
    }
    // The other session of the same user is untouched.
    expect((await getUser({ cookie: user.cookie })).status).toBe(200);
  });

  it('an expired session is refused', async () => {
    const user = await createTestUser(app);
    const s = await signIn(user);
    await app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, storedSessionToken(s.token)));
    expect((await getUser({ cookie: s.cookie })).status).toBe(401);
    expect((await speak({ authorization: `Bearer ${s.bearer}` })).status).toBe(401);
  });

  it("the workspace's inactivity timeout ends a session idle longer than it", async () => {
    const user = await createTestUser(app);
    await setTimeoutOf(user, 600);
    const s = await signIn(user);
    await idleFor(s.token, 599);
    // Within the timeout: admitted, and the use counts as activity.
    expect((await getUser({ cookie: s.cookie })).status).toBe(200);
    const touched = await sessionRow(s.token);
    expect(Date.now() - touched!.updatedAt.getTime()).toBeLessThan(599_000);

    await idleFor(s.token, 601);
    expect((await speak({ authorization: `Bearer ${s.bearer}` })).status).toBe(401);
    // The idle session is ended for good, not only refused once.
    expect(await sessionRow(s.token)).toBeUndefined();
    expect((await getUser({ cookie: s.cookie })).status).toBe(401);
  });

  it("get-session tells the browser its workspace's inactivity timeout", async () => {
    const user = await createTestUser(app);
    const session = async () =>
      (await (await app.request('/api/auth/get-session', { headers: { cookie: user.cookie } })).json()) as {
        session: { inactivityTimeout: number | null };
        user: { id: string };
      };
    await setTimeoutOf(user, null);
    expect((await session()).session.inactivityTimeout).toBeNull();
    await setTimeoutOf(user, 900);
    const body = await session();
    expect(body.session.inactivityTimeout).toBe(900);
    expect(body.user.id).toBe(user.id);
  });

  it('get-session answers null for a session idle past the timeout, and ends it', async () => {
    const user = await createTestUser(app);
    await setTimeoutOf(user, 60);
    const s = await signIn(user);
    await idleFor(s.token, 61);
    const res = await app.request('/api/auth/get-session', { headers: { cookie: s.cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
    expect(await sessionRow(s.token)).toBeUndefined();
  });

  it('without a timeout, sessions do not end for idling', async () => {
    const user = await createTestUser(app);
    await setTimeoutOf(user, null);
    const s = await signIn(user);
    await idleFor(s.token, 86_400);
    expect((await getUser({ cookie: s.cookie })).status).toBe(200);
    expect(await sessionRow(s.token)).toBeDefined();
  });
});
