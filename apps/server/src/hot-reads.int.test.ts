/**
 * The hot authenticated reads (issue 9, decision 033): each answers in a fixed, small number of SQL
 * statements, none of them a write, whatever the credential (xi-api-key, session cookie, better-auth's
 * opaque bearer token, session JWT). Counts are exact so a new round trip on these paths shows up here.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from './db/schema/auth';
import { workspaceUsage } from './db/schema/usage';
import { storedSessionToken } from './auth/session-token-hash';
import { startCountingTestApp, type CountingTestApp } from './testing/counting-test-app';
import { createTestUser, type TestUser } from './testing/test-app';

/**
 * Statements per request by a session once warm: the caller's session; the rows of each read are served from
 * memory (decision 043). An xi-api-key's caller is served from memory once seen (decision 041), so a key
 * spends one statement less: none.
 */
const ROUTES: [path: string, statements: number][] = [
  ['/v1/user', 1],
  ['/v1/user/subscription', 1],
  ['/v1/voices', 1],
  ['/v1/history?page_size=20', 1],
  ['/v1/models', 1],
];

const isRead = (statement: string) => /^\s*select\b/i.test(statement);

describe(`hot authenticated reads on ${process.env.TEST_DB}`, () => {
  let app: CountingTestApp;
  let user: TestUser;
  const credentials: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    app = await startCountingTestApp();
    user = await createTestUser(app);
    const signIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const jwt = await app.request('/api/auth/token', { headers: { cookie: user.cookie } });
    credentials['xi-api-key'] = { 'xi-api-key': user.apiKey };
    credentials['session cookie'] = { cookie: user.cookie };
    credentials['opaque bearer token'] = { authorization: `Bearer ${signIn.headers.get('set-auth-token')}` };
    credentials['session JWT'] = {
      authorization: `Bearer ${((await jwt.json()) as { token: string }).token}`,
    };
    // The first reads create the workspace's billing and quota rows and cache the JWT's public key.
    for (const headers of Object.values(credentials)) {
      for (const [path] of ROUTES) expect((await app.request(path, { headers })).status).toBe(200);
    }
    // Those writes' notifications arrive a moment later and empty the read cache (decision 043): read again.
    await new Promise((r) => setTimeout(r, 300));
    for (const [path] of ROUTES) await (await app.request(path, { headers: credentials['xi-api-key'] })).text();
  });
  afterAll(() => app?.close());

  for (const kind of ['xi-api-key', 'session cookie', 'opaque bearer token', 'session JWT']) {
    const saved = kind === 'xi-api-key' ? 1 : 0;
    it.each(ROUTES.map(([path, n]) => [path, n - saved] as const))(
      `answers %s by ${kind} in %i statements, all reads`,
      async (path, count) => {
        const r = await app.counted(path, { headers: credentials[kind] });
        expect(r.status).toBe(200);
        expect(r.statements.filter((s) => !isRead(s))).toEqual([]);
        expect(r.statements).toHaveLength(count);
      },
    );
  }

  it("records a session's use as activity once it is 15 s old, in one extra statement", async () => {
    const token = /^Bearer ([^.]+)\./.exec(credentials['opaque bearer token']!.authorization!)![1]!;
    const stored = storedSessionToken(token);
    const at = new Date(Date.now() - 20_000);
    await app.database.db.update(sessions).set({ updatedAt: at }).where(eq(sessions.token, stored));
    const first = await app.counted('/v1/models', { headers: credentials['opaque bearer token'] });
    expect(first.statements).toHaveLength(2);
    expect(first.statements[1]).toMatch(/^update "sessions"/);
    const [row] = await app.database.db.select().from(sessions).where(eq(sessions.token, stored));
    expect(row!.updatedAt.getTime()).toBeGreaterThan(at.getTime());
    const again = await app.counted('/v1/models', { headers: credentials['opaque bearer token'] });
    expect(again.statements).toHaveLength(1);
  });

  it('shows a quota whose period has ended as reset, without writing it', async () => {
    const ended = new Date(Math.floor(Date.now() / 1000) * 1000 - 3600_000);
    await app.database.db
      .update(workspaceUsage)
      .set({ characterCount: 500, nextCharacterCountResetAt: ended })
      .where(eq(workspaceUsage.workspaceId, user.workspaceId));
    const r = await app.counted('/v1/user/subscription', { headers: credentials['xi-api-key'] });
    const body = r.body as { character_count: number; next_character_count_reset_unix: number };
    expect(body.character_count).toBe(0);
    expect(body.next_character_count_reset_unix * 1000).toBeGreaterThan(Date.now());
    expect(r.statements.filter((s) => !isRead(s))).toEqual([]);
    const me = (await (await app.request('/v1/user', { headers: credentials['xi-api-key'] })).json()) as {
      subscription: { character_count: number; next_character_count_reset_unix: number };
    };
    expect(me.subscription.character_count).toBe(0);
    expect(me.subscription.next_character_count_reset_unix).toBe(body.next_character_count_reset_unix);
    const [row] = await app.database.db
      .select()
      .from(workspaceUsage)
      .where(eq(workspaceUsage.workspaceId, user.workspaceId));
    expect(row!.characterCount).toBe(500);
  });
});
