/**
 * Session tokens at rest (decision 033): sessions.token holds a SHA-256 of the token, never the token, so a
 * copy of the table opens no session; sessions stored before the change keep working after its migration.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../db/client';
import { sessions } from '../db/schema/auth';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../testing/test-app';
import { storedSessionToken } from './session-token-hash';

const COOKIE = 'better-auth.session_token';

describe(`hashed session tokens on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    app = await startTestApp();
    user = await createTestUser(app);
  });
  afterAll(() => app?.close());

  /** A cookie value signed with the app's secret, as better-auth signs its session cookie. */
  const signed = (value: string) =>
    `${value}.${createHmac('sha256', app.config.authSecret).update(value).digest('base64')}`;
  const cookieOf = (value: string) => `${COOKIE}=${encodeURIComponent(signed(value))}`;

  async function signIn() {
    const res = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }
  const me = (headers: Record<string, string>) => app.request('/v1/user', { headers });
  const getSession = async (headers: Record<string, string>) =>
    (await app.request('/api/auth/get-session', { headers })).json();

  it('keeps only the SHA-256 of a new session token', async () => {
    const token = await signIn();
    const db = app.database.db;
    expect(await db.select().from(sessions).where(eq(sessions.token, token))).toEqual([]);
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.token, storedSessionToken(token)));
    expect(row?.userId).toBe(user.id);
    // The token the client holds opens the session, by cookie and as a bearer token.
    expect((await me({ cookie: cookieOf(token) })).status).toBe(200);
    expect((await me({ authorization: `Bearer ${token}` })).status).toBe(200);
    expect(await getSession({ cookie: cookieOf(token) })).toMatchObject({ user: { id: user.id } });
  });

  it('a stored hash presented as a token opens nothing, even signed with the secret', async () => {
    const stored = storedSessionToken(await signIn());
    const ways: Record<string, string>[] = [
      { cookie: cookieOf(stored) },
      { authorization: `Bearer ${stored}` },
    ];
    for (const headers of ways) {
      expect((await me(headers)).status).toBe(401);
      expect(await getSession(headers)).toBeNull();
    }
  });

  it('the session list is not served (it would only show hashes)', async () => {
    const res = await app.request('/api/auth/list-sessions', { headers: { cookie: user.cookie } });
    expect(res.status).toBe(404);
  });

  it('a session stored before the migration keeps working after it', async () => {
    const token = 'LegacyToken0123456789abcdefABCDE';
    const db = app.database.db;
    await db.insert(sessions).values({
      id: `legacy-${Date.now()}`,
      userId: user.id,
      token,
      expiresAt: new Date(Date.now() + 3600_000),
    });
    const migration = readFileSync(path.join(MIGRATIONS_DIR, '0014_hash_session_tokens.sql'), 'utf8');
    // Only the legacy row is still plain; the migration's own statement, limited to it.
    await db.execute(sql.raw(`${migration.trim().replace(/;$/, '')} WHERE "token" = '${token}'`));
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.token, storedSessionToken(token)));
    expect(row).toBeDefined();
    expect((await me({ cookie: cookieOf(token) })).status).toBe(200);
    expect(await getSession({ cookie: cookieOf(token) })).toMatchObject({ user: { id: user.id } });
  });
});
