import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyItems } from '../../db/schema/history';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { insertHistoryItem, listHistory, listHistoryQuery, type HistoryFilter } from './history.repo';

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
  describe('voice filter', () => {
    const KAL = 'voice_kal';
    const SUSAN = 'voice_susan';
    let voiced: TestUser;
    /** The ids that used KAL, in (created_at, id) descending order. */
    let withKal: string[];

    beforeAll(async () => {
      voiced = await createTestUser(app);
      const line = (voice_id: string) => ({ text: 'Hi.', voice_id, voice_name: voice_id });
      const rows = Array.from({ length: 30 }, (_, i) => {
        // Every third item is a dialogue; some dialogues use KAL (one of them twice), others do not.
        const dialogue =
          i % 3 === 0
            ? i % 2 === 0
              ? [line(SUSAN), line(KAL), line(KAL)]
              : [line(SUSAN), line('voice_other')]
            : null;
        return {
          id: `voiced_${String(i).padStart(3, '0')}`,
          workspaceId: voiced.workspaceId,
          text: `voiced ${i}`,
          voiceId: dialogue ? null : i % 3 === 1 ? KAL : SUSAN,
          voiceName: dialogue ? 'mixed' : 'single',
          dialogue,
          characterCountChangeFrom: 0,
          characterCountChangeTo: 1,
          contentType: 'audio/mpeg',
          audioPath: `history/${voiced.workspaceId}/v${i}.mp3`,
          createdAt: new Date(base + Math.floor(i / 2) * 1000),
        };
      });
      // One item at a time (as the service records them) and one multi-row statement.
      for (const row of rows.slice(0, 10)) await insertHistoryItem(app.database.db, row);
      await app.database.db.insert(historyItems).values(rows.slice(10));
      // A KAL item of another workspace must stay out.
      await insertHistoryItem(app.database.db, {
        ...rows[1]!,
        id: 'voiced_elsewhere',
        workspaceId: other.workspaceId,
      });
      withKal = rows
        .filter((r) => r.voiceId === KAL || r.dialogue?.some((l) => l.voice_id === KAL))
        .map((r) => r.id)
        .reverse();
    });

    it('finds single-voice items and dialogues whose lines use the voice, each once, page by page', async () => {
      expect(withKal.filter((id) => Number(id.slice(-3)) % 3 === 0).length).toBeGreaterThan(0);
      for (const [direction, limit] of [
        ['desc', 4],
        ['asc', 3],
        ['desc', 100],
      ] as const) {
        const seen: string[] = [];
        let after: HistoryFilter['after'];
        for (;;) {
          const page = await listHistory(app.database.db, voiced.workspaceId, {
            limit,
            direction,
            after,
            voiceId: KAL,
          });
          seen.push(...page.map((r) => r.id));
          if (page.length < limit) break;
          after = page.at(-1)!;
        }
        expect(seen).toEqual(direction === 'desc' ? withKal : [...withKal].reverse());
      }
    });

    it('combines the voice filter with the date and search filters', async () => {
      const page = await listHistory(app.database.db, voiced.workspaceId, {
        limit: 100,
        direction: 'desc',
        voiceId: KAL,
        since: new Date(base + 4000),
        before: new Date(base + 12000),
        search: 'voiced',
      });
      const expected = withKal.filter((id) => {
        const second = Math.floor(Number(id.slice(-3)) / 2);
        return second > 4 && second < 12;
      });
      expect(page.map((r) => r.id)).toEqual(expected);
    });

    it.each(['asc', 'desc'] as const)(
      'reads a %s voice-filtered page from an index without sorting',
      async (direction) => {
        const plan = await app.database.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          const query = listHistoryQuery(tx, voiced.workspaceId, {
            limit: 10,
            direction,
            voiceId: KAL,
            after: { createdAt: new Date(base + 5000), id: 'voiced_x' },
          });
          const res = (await tx.execute(sql`explain ${query}`)) as unknown as {
            rows: { 'QUERY PLAN': string }[];
          };
          return res.rows.map((r) => r['QUERY PLAN']).join('\n');
        });
        expect(plan).toContain('history_item_voices_workspace_voice_created_idx');
        expect(plan).not.toMatch(/\bSort\b/);
      },
    );
  });
});
