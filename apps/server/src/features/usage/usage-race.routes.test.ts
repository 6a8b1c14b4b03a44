/**
 * The quota under a crowd: 50 generations of different lengths arrive at once for a workspace with
 * little quota left. The workspace's concurrency is raised in the database (as an operator or a paid
 * tier would), so every request reaches the quota check at the same time and only the debit decides.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyItems } from '../../db/schema/history';
import { generationReservations, workspaceUsage } from '../../db/schema/usage';
import { createTestUser, startTestApp, type TestApp } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

const KAL = 'cZu6SI8gppUv1kFPCYh3'; // Flite kal16, the fastest voice
const LIMIT = 10_000;
const REMAINING = 150;
// 50 texts of 7 to 26 characters: together far more than the 150 characters left.
const TEXTS = Array.from({ length: 50 }, (_, i) => `Item ${i} ${'ok '.repeat(i % 7)}`.trim() + '.');

type Detail = { detail: { status: string; message: string } };

describe(`50 simultaneous generations against a nearly exhausted quota on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('never spends past the limit, and the debit is exactly the characters of the generations that succeeded', async () => {
    const db = app.database.db;
    const user = await createTestUser(app);
    await db
      .insert(workspaceUsage)
      .values({
        workspaceId: user.workspaceId,
        characterCount: LIMIT - REMAINING,
        characterLimit: LIMIT,
        nextCharacterCountResetAt: sql`now() + interval '1 month'`,
        concurrencyLimit: 50,
      })
      .onConflictDoUpdate({
        target: workspaceUsage.workspaceId,
        set: { characterCount: LIMIT - REMAINING, characterLimit: LIMIT, concurrencyLimit: 50 },
      });

    const results = await Promise.all(
      TEXTS.map(async (text) => {
        const res = await app.request(`/v1/text-to-speech/${KAL}?output_format=pcm_16000`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'xi-api-key': user.apiKey },
          body: JSON.stringify({ text }),
        });
        const body = new Uint8Array(await res.arrayBuffer());
        return { text, status: res.status, body };
      }),
    );

    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 401);
    expect(ok.length + refused.length, JSON.stringify(results.map((r) => r.status))).toBe(50);
    expect(ok.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      const detail = (JSON.parse(new TextDecoder().decode(r.body)) as Detail).detail;
      expect(detail.status).toBe('quota_exceeded');
      expect(detail.message).toMatch(/You have \d+ characters remaining/);
    }
    // Every success delivered real audio (16-bit PCM, at least a quarter of a second).
    for (const r of ok) expect(r.body.length).toBeGreaterThan(16000 * 2 * 0.25);

    const [usage] = await db
      .select()
      .from(workspaceUsage)
      .where(eq(workspaceUsage.workspaceId, user.workspaceId));
    const spent = ok.reduce((n, r) => n + r.text.length, 0);
    expect(usage!.characterCount).toBe(LIMIT - REMAINING + spent);
    expect(usage!.characterCount).toBeLessThanOrEqual(LIMIT);
    // The count only grew, so what was left at each refusal was at least what is left now: every
    // refused text must be longer than the final remainder (none was refused while it would fit).
    const smallestRefused = Math.min(...refused.map((r) => r.text.length));
    expect(smallestRefused).toBeGreaterThan(LIMIT - usage!.characterCount);

    // Each success is one history item; their debits tile the spent range without gaps or overlaps.
    const items = await waitFor(async () => {
      const rows = await db.select().from(historyItems).where(eq(historyItems.workspaceId, user.workspaceId));
      return rows.length === ok.length ? rows : undefined;
    });
    const ranges = items
      .map((i) => [i.characterCountChangeFrom, i.characterCountChangeTo] as const)
      .sort((a, b) => a[0] - b[0]);
    expect(ranges[0]![0]).toBe(LIMIT - REMAINING);
    for (let k = 1; k < ranges.length; k++) expect(ranges[k]![0]).toBe(ranges[k - 1]![1]);
    expect(ranges.at(-1)![1]).toBe(usage!.characterCount);
    expect(items.map((i) => i.text).sort()).toEqual(ok.map((r) => r.text).sort());

    // Every concurrency slot was given back.
    await waitFor(
      async () =>
        (
          await db
            .select()
            .from(generationReservations)
            .where(eq(generationReservations.workspaceId, user.workspaceId))
        ).length === 0,
    );
  }, 120_000);
});
