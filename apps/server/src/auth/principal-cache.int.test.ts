/**
 * API-key callers kept in memory (decision 041): a warm key costs no statement, and every change that
 * could alter the caller reaches the cache, whether made by this server's own writers, by SQL from outside
 * (another node, psql, the admin CLI) or on another server process; while the change channel is down the
 * cache does not serve.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../db/schema/api-keys';
import { userProfiles } from '../db/schema/user-profiles';
import { workspaces } from '../db/schema/workspaces';
import { startCountingTestApp, type CountingTestApp } from '../testing/counting-test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';

const onPostgres = process.env.TEST_DB === 'postgres';

async function status(app: TestApp, key: string, path = '/v1/models'): Promise<number> {
  const r = await app.request(path, { headers: { 'xi-api-key': key } });
  await r.arrayBuffer();
  return r.status;
}

/** A second key of the user, made through the API, with its id. */
async function newKey(app: TestApp, user: TestUser): Promise<{ id: string; key: string }> {
  const r = await app.request(`/v1/service-accounts/${user.id}/api-keys`, {
    method: 'POST',
    headers: { cookie: user.cookie, 'content-type': 'application/json', origin: app.config.publicUrl },
    body: JSON.stringify({ name: 'cache test', permissions: 'all' }),
  });
  expect(r.status).toBe(200);
  const body = (await r.json()) as { 'xi-api-key': string; key_id: string };
  return { id: body.key_id, key: body['xi-api-key'] };
}

describe(`API-key callers in memory on ${process.env.TEST_DB}`, () => {
  let app: CountingTestApp;
  let user: TestUser;
  beforeAll(async () => {
    app = await startCountingTestApp();
    user = await createTestUser(app);
  });
  afterAll(() => app?.close());

  it('answers a warm key without a statement for the caller', async () => {
    expect(await status(app, user.apiKey)).toBe(200);
    const r = await app.counted('/v1/models', { headers: { 'xi-api-key': user.apiKey } });
    expect(r.status).toBe(200);
    expect(r.statements).toEqual([]);
  });

  it('refuses a key at once after it is deleted or disabled through the API', async () => {
    const a = await newKey(app, user);
    const b = await newKey(app, user);
    expect(await status(app, a.key)).toBe(200);
    expect(await status(app, b.key)).toBe(200);
    const del = await app.request(`/v1/service-accounts/${user.id}/api-keys/${a.id}`, {
      method: 'DELETE',
      headers: { cookie: user.cookie, origin: app.config.publicUrl },
    });
    expect(del.status).toBe(200);
    expect(await status(app, a.key)).toBe(401);
    const off = await app.request(`/v1/service-accounts/${user.id}/api-keys/${b.id}`, {
      method: 'PATCH',
      headers: { cookie: user.cookie, 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify({ is_enabled: false }),
    });
    expect(off.status).toBe(200);
    expect(await status(app, b.key)).toBe(401);
  });

  it('hears of changes made by SQL from outside the app: key disabled, then the owner disabled', async () => {
    const c = await newKey(app, user);
    expect(await status(app, c.key)).toBe(200);
    expect(await status(app, c.key)).toBe(200);
    // Straight to the database, past every writer of the app (as psql or another node would).
    await app.database.db.execute(sql`update api_keys set disabled = true where id = ${c.id}`);
    await waitFor(async () => (await status(app, c.key)) === 401, 5000);

    const other = await createTestUser(app);
    expect(await status(app, other.apiKey)).toBe(200);
    await app.database.db.execute(
      sql`update user_profiles set account_state = 'disabled' where user_id = ${other.id}`,
    );
    await waitFor(async () => (await status(app, other.apiKey)) === 401, 5000);
  });

  it("reads the workspace's new tier after it changes", async () => {
    const tierOf = async () => {
      const r = await app.request('/v1/user/subscription', { headers: { 'xi-api-key': user.apiKey } });
      return ((await r.json()) as { tier: string }).tier;
    };
    expect(await tierOf()).toBe('free');
    await app.database.db
      .update(workspaces)
      .set({ subscriptionTier: 'creator' })
      .where(eq(workspaces.id, user.workspaceId));
    await waitFor(async () => (await tierOf()) === 'creator', 5000);
    await app.database.db
      .update(workspaces)
      .set({ subscriptionTier: 'free' })
      .where(eq(workspaces.id, user.workspaceId));
    await waitFor(async () => (await tierOf()) === 'free', 5000);
  });

  it('keeps last-used current without a write per request', async () => {
    const d = await newKey(app, user);
    expect(await status(app, d.key)).toBe(200);
    const used = await waitFor(async () => {
      const [row] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, d.id));
      return row?.lastUsedAt ?? undefined;
    }, 5000);
    const again = await app.counted('/v1/models', { headers: { 'xi-api-key': d.key } });
    expect(again.statements).toEqual([]);
    const [row] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, d.id));
    expect(row!.lastUsedAt!.getTime()).toBe(used.getTime());
  });

  it.runIf(onPostgres)('stops serving from memory while its LISTEN connection is down', async () => {
    const e = await newKey(app, user);
    expect(await status(app, e.key)).toBe(200);
    expect((await app.counted('/v1/models', { headers: { 'xi-api-key': e.key } })).statements).toEqual([]);
    const admin = new pg.Client({ connectionString: await app.database.connectionString() });
    await admin.connect();
    try {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'LISTEN vocalis_principal'`,
      );
      // Until it listens again, every request reads the key.
      await waitFor(async () => {
        const r = await app.counted('/v1/models', { headers: { 'xi-api-key': e.key } });
        return r.statements.length === 1;
      }, 5000);
      await admin.query('update api_keys set disabled = true where id = $1', [e.id]);
      expect(await status(app, e.key)).toBe(401);
      // Back: a warm key costs no statement again.
      await waitFor(async () => {
        await status(app, user.apiKey);
        const r = await app.counted('/v1/models', { headers: { 'xi-api-key': user.apiKey } });
        return r.statements.length === 0;
      }, 10_000);
    } finally {
      await admin.end();
    }
  });
});

describe.runIf(onPostgres)('API-key callers across server processes on PostgreSQL', () => {
  let shared: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    shared = await createTestDatabase();
    first = await startTestApp({ database: shared });
    second = await startTestApp({ database: shared });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await shared?.drop();
  });

  it('a key deleted on one node is refused by the other', async () => {
    const user = await createTestUser(first);
    const k = await newKey(first, user);
    expect(await status(second, k.key)).toBe(200);
    expect(await status(second, k.key)).toBe(200);
    const del = await first.request(`/v1/service-accounts/${user.id}/api-keys/${k.id}`, {
      method: 'DELETE',
      headers: { cookie: user.cookie, origin: first.config.publicUrl },
    });
    expect(del.status).toBe(200);
    await waitFor(async () => (await status(second, k.key)) === 401, 5000);
  });

  it("a profile's account state changed on one node reaches the other", async () => {
    const user = await createTestUser(first);
    expect(await status(second, user.apiKey)).toBe(200);
    await first.users.setAccountState(user.id, 'disabled');
    await waitFor(async () => (await status(second, user.apiKey)) === 401, 5000);
    const [row] = await first.database.db
      .select({ state: userProfiles.accountState })
      .from(userProfiles)
      .where(eq(userProfiles.userId, user.id));
    expect(row!.state).toBe('disabled');
  });
});
