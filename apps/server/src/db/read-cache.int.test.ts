/**
 * The rows of the hot reads kept in memory (decision 043): a warm read spends no statement, and whatever
 * changes its rows reaches it: this server's own writes at once (the next request sees them, no waiting),
 * SQL from outside the app (another node, psql) within moments, another server process on PostgreSQL, and a
 * monthly reset that falls due without any write.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingTestApp, type CountingTestApp } from '../testing/counting-test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';
import { workspaceUsage } from './schema/usage';
import { UNCACHED_TABLES } from './write-tap';

const onPostgres = process.env.TEST_DB === 'postgres';
const SUSAN = 'zjugDQR69KeBdVlIC4vX';

type Subscription = { character_count: number; next_character_count_reset_unix: number; tier: string };

const get = async <T>(app: TestApp, user: TestUser, path: string): Promise<T> => {
  const r = await app.request(path, { headers: { 'xi-api-key': user.apiKey } });
  expect(r.status).toBe(200);
  return (await r.json()) as T;
};
const post = (app: TestApp, user: TestUser, path: string, body: unknown) =>
  app.request(path, {
    method: 'POST',
    headers: { 'xi-api-key': user.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe(`hot reads kept in memory on ${process.env.TEST_DB}`, () => {
  let app: CountingTestApp;
  let user: TestUser;
  beforeAll(async () => {
    app = await startCountingTestApp();
    user = await createTestUser(app);
  });
  afterAll(() => app?.close());

  it('answers warm reads by key without a statement', async () => {
    const paths = ['/v1/user', '/v1/user/subscription', '/v1/voices', '/v1/history?page_size=20'];
    // The first reads create the workspace's billing and quota rows and note the key's last use: writes
    // (whose notifications arrive a moment later) that keep what was read before them out of memory.
    const pass = async () => {
      const counts: Record<string, string[]> = {};
      for (const path of paths) {
        const r = await app.counted(path, { headers: { 'xi-api-key': user.apiKey } });
        expect(r.status).toBe(200);
        counts[path] = r.statements.map((s) => s.slice(0, 80));
      }
      return counts;
    };
    await pass();
    const warm = await waitFor(async () => {
      const counts = await pass();
      return Object.values(counts).every((s) => s.length === 0) && counts;
    }, 5000);
    expect(Object.keys(warm)).toEqual(paths);
  });

  it("shows this server's own writes on the very next request", async () => {
    const before = await get<Subscription>(app, user, '/v1/user/subscription');
    await get(app, user, '/v1/history?page_size=20');
    const made = await post(app, user, `/v1/text-to-speech/${SUSAN}?output_format=pcm_16000`, {
      text: 'Cached?',
    });
    expect(made.status).toBe(200);
    const itemId = made.headers.get('history-item-id');
    await made.arrayBuffer();
    // No waiting: the quota, the user's subscription and the history page read the generation at once.
    const after = await get<Subscription>(app, user, '/v1/user/subscription');
    expect(after.character_count).toBe(before.character_count + 'Cached?'.length);
    const me = await get<{ subscription: Subscription }>(app, user, '/v1/user');
    expect(me.subscription.character_count).toBe(after.character_count);
    const history = await get<{ history: { history_item_id: string }[] }>(
      app,
      user,
      '/v1/history?page_size=20',
    );
    expect(history.history[0]!.history_item_id).toBe(itemId);

    const edited = await post(app, user, `/v1/voices/${SUSAN}/settings/edit`, { stability: 0.11 });
    expect(edited.status).toBe(200);
    const voices = await get<{ voices: { voice_id: string; settings: { stability: number } }[] }>(
      app,
      user,
      '/v1/voices',
    );
    expect(voices.voices.find((v) => v.voice_id === SUSAN)!.settings.stability).toBe(0.11);

    const del = await app.request(`/v1/history/${itemId}`, {
      method: 'DELETE',
      headers: { 'xi-api-key': user.apiKey },
    });
    expect(del.status).toBe(200);
    const gone = await get<{ history: { history_item_id: string }[] }>(app, user, '/v1/history?page_size=20');
    expect(gone.history.map((h) => h.history_item_id)).not.toContain(itemId);
  });

  it('hears of changes made by SQL from outside the app', async () => {
    await get(app, user, '/v1/user/subscription');
    await get(app, user, '/v1/user/subscription');
    // Past this server's database handle, as psql or another node would write.
    const outside = 'update workspace_usage set character_count = 4321 where workspace_id = $1';
    if (app.database.pglite) {
      await app.database.pglite.query(outside, [user.workspaceId]);
    } else {
      const client = new pg.Client({ connectionString: await app.database.connectionString() });
      await client.connect();
      await client.query(outside, [user.workspaceId]).finally(() => client.end());
    }
    await waitFor(async () => {
      const s = await get<Subscription>(app, user, '/v1/user/subscription');
      return s.character_count === 4321;
    }, 5000);
    const me = await get<{ subscription: Subscription }>(app, user, '/v1/user');
    expect(me.subscription.character_count).toBe(4321);
  });

  it('reads a monthly reset that falls due while the rows are in memory, without any write', async () => {
    await get(app, user, '/v1/user/subscription'); // the quota row exists
    // The column keeps whole seconds: a reset on a second boundary, 1.5 to 2.5 seconds away.
    const resetAt = Math.ceil((Date.now() + 1500) / 1000) * 1000;
    await app.database.db
      .update(workspaceUsage)
      .set({ characterCount: 77, nextCharacterCountResetAt: new Date(resetAt) })
      .where(eq(workspaceUsage.workspaceId, user.workspaceId));
    await new Promise((r) => setTimeout(r, 200)); // the update's own notification empties the cache too
    const first = await get<Subscription>(app, user, '/v1/user/subscription');
    expect(first.character_count).toBe(77);
    const warm = await app.counted('/v1/user/subscription', { headers: { 'xi-api-key': user.apiKey } });
    expect(warm.statements).toEqual([]);
    await new Promise((r) => setTimeout(r, resetAt + 50 - Date.now()));
    const due = await get<Subscription>(app, user, '/v1/user/subscription');
    expect(due.character_count).toBe(0);
    expect(due.next_character_count_reset_unix).toBeGreaterThan(first.next_character_count_reset_unix);
  });

  it('gives every table a cached read may use the change trigger, and none to the operational ones', async () => {
    const result = await app.database.db.execute<{ table_name: string; watched: boolean }>(sql`
      select t.table_name, exists (
        select 1 from pg_trigger g join pg_class c on c.oid = g.tgrelid
        where c.relname = t.table_name and g.tgname = t.table_name || '_reads_changed'
      ) as watched
      from information_schema.tables t
      where t.table_schema = 'public' and t.table_type = 'BASE TABLE'`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      table_name: string;
      watched: boolean;
    }[];
    const uncached = new Set<string>(UNCACHED_TABLES);
    const wrong = rows.filter((r) => r.watched === uncached.has(r.table_name)).map((r) => r.table_name);
    expect(wrong).toEqual([]);
    expect(rows.length).toBeGreaterThan(UNCACHED_TABLES.length + 20);
  });
});

describe.runIf(onPostgres)('hot reads kept in memory across server processes on PostgreSQL', () => {
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

  it('a generation on one node reaches the quota and history the other keeps in memory', async () => {
    const user = await createTestUser(first);
    const before = await get<Subscription>(second, user, '/v1/user/subscription');
    await get(second, user, '/v1/history?page_size=20');
    const made = await post(first, user, `/v1/text-to-speech/${SUSAN}?output_format=pcm_16000`, {
      text: 'Hi',
    });
    expect(made.status).toBe(200);
    const itemId = made.headers.get('history-item-id');
    await made.arrayBuffer();
    await waitFor(async () => {
      const s = await get<Subscription>(second, user, '/v1/user/subscription');
      return s.character_count === before.character_count + 2;
    }, 5000);
    await waitFor(async () => {
      const h = await get<{ history: { history_item_id: string }[] }>(
        second,
        user,
        '/v1/history?page_size=20',
      );
      return h.history[0]?.history_item_id === itemId;
    }, 5000);
  });
});
