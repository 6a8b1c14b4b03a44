import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverNodes } from '../../db/schema/nodes';
import { generationReservations, workspaceUsage } from '../../db/schema/usage';
import { createApiKey } from '../api-keys/api-keys.service';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';
import type { GenerationOutcome } from '../tts/tts-generation';

const SUSAN = 'zjugDQR69KeBdVlIC4vX'; // Flite slt
const TEXT = 'Hello world, this is Vocalis.'; // 29 characters
const LONG =
  'First sentence here. Second one follows. A third comes now. Then a fourth. And the fifth ends it. ';

type Detail = { detail: { status: string; message: string } };

describe(`workspace quota and concurrency on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  const db = () => app.database.db;
  const tts = (user: TestUser, text: string, path = '', apiKey = user.apiKey) =>
    app.request(`/v1/text-to-speech/${SUSAN}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'xi-api-key': apiKey },
      body: JSON.stringify({ text }),
    });
  /** Sets the workspace's counters as billing or an operator would. */
  async function setUsage(workspaceId: string, count: number, concurrency: number | null = null) {
    await db()
      .insert(workspaceUsage)
      .values({
        workspaceId,
        characterCount: count,
        characterLimit: 10_000,
        nextCharacterCountResetAt: sql`now() + interval '1 month'`,
        concurrencyLimit: concurrency,
      })
      .onConflictDoUpdate({
        target: workspaceUsage.workspaceId,
        set: { characterCount: count, concurrencyLimit: concurrency },
      });
  }
  const countOf = async (workspaceId: string) =>
    (await db().select().from(workspaceUsage).where(eq(workspaceUsage.workspaceId, workspaceId)))[0]!
      .characterCount;
  /** Opens a stream with node:http and resolves with its status once the headers arrive. */
  function openStream(user: TestUser, text: string) {
    const req = http.request(`${app.url}/v1/text-to-speech/${SUSAN}/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'xi-api-key': user.apiKey },
    });
    const status = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.pause();
        resolve(res.statusCode!);
      });
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    });
    req.end(JSON.stringify({ text }));
    return { status, close: () => req.destroy() };
  }

  it('debits the text length and shows the count, limit and next reset in GET /v1/user', async () => {
    const user = await createTestUser(app);
    expect((await tts(user, TEXT)).status).toBe(200);
    const me = (await (await app.request('/v1/user', { headers: { 'xi-api-key': user.apiKey } })).json()) as {
      subscription: {
        character_count: number;
        character_limit: number;
        next_character_count_reset_unix: number;
      };
    };
    expect(me.subscription.character_count).toBe(TEXT.length);
    expect(me.subscription.character_limit).toBe(10_000);
    const days = (me.subscription.next_character_count_reset_unix - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
  });

  it('refuses a generation over the quota with 401 quota_exceeded saying how many characters remain', async () => {
    const user = await createTestUser(app);
    await setUsage(user.workspaceId, 9_990);
    const res = await tts(user, TEXT);
    expect(res.status).toBe(401);
    const body = (await res.json()) as Detail;
    expect(body.detail.status).toBe('quota_exceeded');
    expect(body.detail.message).toContain(
      'You have 10 characters remaining, while 29 characters are required',
    );
    expect(await countOf(user.workspaceId)).toBe(9_990);
  });

  it('resets the count lazily once the monthly period has ended', async () => {
    const user = await createTestUser(app);
    await setUsage(user.workspaceId, 10_000);
    await db()
      .update(workspaceUsage)
      .set({ nextCharacterCountResetAt: sql`now() - interval '40 days'` })
      .where(eq(workspaceUsage.workspaceId, user.workspaceId));
    expect((await tts(user, TEXT)).status).toBe(200);
    const [row] = await db()
      .select()
      .from(workspaceUsage)
      .where(eq(workspaceUsage.workspaceId, user.workspaceId));
    expect(row!.characterCount).toBe(TEXT.length);
    expect(row!.nextCharacterCountResetAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('never spends past the limit when 20 generations race for a nearly exhausted quota', async () => {
    const user = await createTestUser(app);
    await setUsage(user.workspaceId, 10_000 - 55, 50);
    const text = 'Ten chars!';
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => tts(user, text).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 401)).toHaveLength(15);
    expect(await countOf(user.workspaceId)).toBe(10_000 - 5);
  });

  it('gives the characters back when the client aborts the generation', async () => {
    const user = await createTestUser(app);
    await setUsage(user.workspaceId, 100);
    const spy = vi.spyOn(app.speech.tts, 'completeGeneration');
    const stream = openStream(user, LONG.repeat(8));
    expect(await stream.status).toBe(200);
    stream.close();
    await waitFor(() => spy.mock.calls.length > 0);
    expect((spy.mock.calls[0]![1] as GenerationOutcome).status).toBe('aborted');
    spy.mockRestore();
    await waitFor(async () => (await countOf(user.workspaceId)) === 100);
    const slots = await db()
      .select()
      .from(generationReservations)
      .where(eq(generationReservations.workspaceId, user.workspaceId));
    expect(slots).toHaveLength(0);
  });

  it("charges the API key's own character limit too, and refunds the workspace when the key refuses", async () => {
    const user = await createTestUser(app);
    await setUsage(user.workspaceId, 0);
    const limited = await createApiKey(db(), user.id, { name: 'limited', characterLimit: 20 });
    const res = await tts(user, TEXT, '', limited.key);
    expect(res.status).toBe(401);
    const body = (await res.json()) as Detail;
    expect(body.detail.status).toBe('quota_exceeded');
    expect(body.detail.message).toContain("API key's character limit");
    expect(await countOf(user.workspaceId)).toBe(0);
    expect((await tts(user, 'Short one.', '', limited.key)).status).toBe(200);
    expect(await countOf(user.workspaceId)).toBe(10);
  });

  it('answers 429 too_many_concurrent_requests to the third of three simultaneous streams (free: 2)', async () => {
    const user = await createTestUser(app);
    const streams = [0, 1, 2].map(() => openStream(user, LONG.repeat(30)));
    try {
      const statuses = await Promise.all(streams.map((s) => s.status));
      expect(statuses.filter((s) => s === 429)).toHaveLength(1);
      expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    } finally {
      for (const s of streams) s.close();
    }
    await waitFor(
      async () =>
        (
          await db()
            .select()
            .from(generationReservations)
            .where(eq(generationReservations.workspaceId, user.workspaceId))
        ).length === 0,
    );
    // The refused and the aborted generations cost nothing.
    expect(await countOf(user.workspaceId)).toBe(0);
  });

  it("counts other live processes' generations and gives back those of dead ones when a slot is needed", async () => {
    const user = await createTestUser(app);
    await setUsage(user.workspaceId, 0);
    const [usage] = await db()
      .select()
      .from(workspaceUsage)
      .where(eq(workspaceUsage.workspaceId, user.workspaceId));
    /** A generation some process runs: its reservation, its slot and its 25 characters. */
    const running = async (owner: string, key: string) => {
      await db()
        .insert(generationReservations)
        .values({
          id: `${key}-${user.id}`,
          workspaceId: user.workspaceId,
          ownerNodeId: owner,
          characters: 25,
          periodEnd: usage!.nextCharacterCountResetAt,
        });
      await db()
        .update(workspaceUsage)
        .set({
          runningGenerations: sql`${workspaceUsage.runningGenerations} + 1`,
          characterCount: sql`${workspaceUsage.characterCount} + 25`,
        })
        .where(eq(workspaceUsage.workspaceId, user.workspaceId));
    };
    const node = (id: string, lease: string) =>
      db()
        .insert(serverNodes)
        .values({
          id,
          kind: 'api',
          hostname: 'elsewhere',
          pid: 1,
          leaseExpiresAt: sql`now() + ${sql.raw(`interval '${lease}'`)}`,
        });
    // Both slots held by processes that died: one whose lease ran out, one whose row is gone.
    await node(`expired-${user.id}`, '-5 seconds');
    await running(`expired-${user.id}`, 'a');
    await running(`vanished-${user.id}`, 'b');
    expect((await tts(user, TEXT)).status).toBe(200);
    // Their 50 characters came back; only this generation's are spent.
    expect(await countOf(user.workspaceId)).toBe(TEXT.length);
    // Two generations of a live process hold both slots.
    await node(`live-${user.id}`, '1 minute');
    await running(`live-${user.id}`, 'c');
    await running(`live-${user.id}`, 'd');
    const refused = await tts(user, TEXT);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as Detail).detail.status).toBe('too_many_concurrent_requests');
    expect(await countOf(user.workspaceId)).toBe(TEXT.length + 50);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('holds the limit across two server processes', async () => {
    const user = await createTestUser(app);
    const other = await startTestApp({
      database: {
        database: app.database,
        url: app.config.database.kind === 'postgres' ? app.config.database.url : undefined,
      },
    });
    const streams = [0, 1].map(() => openStream(user, LONG.repeat(30)));
    try {
      expect(await Promise.all(streams.map((s) => s.status))).toEqual([200, 200]);
      const res = await other.request(`/v1/text-to-speech/${SUSAN}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'xi-api-key': user.apiKey },
        body: JSON.stringify({ text: TEXT }),
      });
      expect(res.status).toBe(429);
    } finally {
      for (const s of streams) s.close();
      await other.close();
    }
  });
});
