import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyItems } from '../../db/schema/history';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { listHistory, listHistoryQuery, type HistoryFilter } from './history.repo';

// 60 items in 20 distinct instants: ties on created_at must page by id without losing or repeating rows.
const ROWS = 60;
const base = Date.UTC(2026, 0, 1);

describe(`history keyset pages on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    app = await startTestApp();
    [user, other] = [await createTestUser(app), await createTestUser(app)];
    const row = (workspaceId: string, i: number) => ({
      id: `hist_${workspaceId.slice(-6)}_${String(i).padStart(3, '0')}`,
      workspaceId,
      text: `item ${i}`,
      characterCountChangeFrom: 0,
      characterCountChangeTo: 1,
      contentType: 'audio/mpeg',
      audioPath: `history/${workspaceId}/${i}.mp3`,
      createdAt: new Date(base + Math.floor(i / 3) * 1000),
    });
    const rows = Array.from({ length: ROWS }, (_, i) => row(user.workspaceId, i));
    await app.database.db.insert(historyItems).values([...rows, row(other.workspaceId, 0)]);
  });
  afterAll(() => app?.close());

  async function walk(direction: 'asc' | 'desc', limit: number): Promise<string[]> {
    const seen: string[] = [];
    let after: HistoryFilter['after'];
    for (;;) {
      const page = await listHistory(app.database.db, user.workspaceId, { limit, direction, after });
      seen.push(...page.map((r) => r.id));
      if (page.length < limit) return seen;
      after = page.at(-1)!;
    }
  }

  it.each([
    ['desc', 7],
    ['asc', 7],
    ['desc', 3],
    ['asc', 60],
  ] as const)(
    'walks every item of the workspace once, in (created_at, id) %s order, %i a page',
    async (direction, limit) => {
      const ids = await walk(direction, limit);
      const sorted = Array.from(
        { length: ROWS },
        (_, i) => `hist_${user.workspaceId.slice(-6)}_${String(i).padStart(3, '0')}`,
      );
      expect(ids).toEqual(direction === 'asc' ? sorted : sorted.reverse());
    },
  );

  it.each(['asc', 'desc'] as const)(
    'reads a %s page from the (workspace, created_at, id) index without sorting',
    async (direction) => {
      const plan = await app.database.db.transaction(async (tx) => {
        // A table this small would be scanned anyway; forbidding that shows whether the index can serve the order.
        await tx.execute(sql`set local enable_seqscan = off`);
        const query = listHistoryQuery(tx, user.workspaceId, {
          limit: 10,
          direction,
          after: { createdAt: new Date(base + 5000), id: 'hist_x' },
        });
        const res = (await tx.execute(sql`explain ${query}`)) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        return res.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('history_items_workspace_created_idx');
      expect(plan).not.toMatch(/\bSort\b/);
    },
  );
});
