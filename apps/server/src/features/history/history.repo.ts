import { and, asc, desc, eq, gt, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { historyItems, type HistoryFeedback, type HistorySource } from '../../db/schema/history';

export type HistoryRow = typeof historyItems.$inferSelect;
export type NewHistoryRow = typeof historyItems.$inferInsert;

const h = historyItems;

export async function insertHistoryItem(db: AppDb, row: NewHistoryRow): Promise<HistoryRow> {
  const [inserted] = await db.insert(h).values(row).returning();
  return inserted!;
}

export async function findHistoryItem(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<HistoryRow | undefined> {
  const [row] = await db
    .select()
    .from(h)
    .where(and(eq(h.workspaceId, workspaceId), eq(h.id, id)));
  return row;
}

export function findHistoryItems(db: AppDb, workspaceId: string, ids: string[]): Promise<HistoryRow[]> {
  return db
    .select()
    .from(h)
    .where(and(eq(h.workspaceId, workspaceId), inArray(h.id, ids)));
}

export type HistoryFilter = {
  limit: number;
  direction: 'asc' | 'desc';
  after?: Pick<HistoryRow, 'createdAt' | 'id'>;
  voiceId?: string;
  modelId?: string;
  source?: HistorySource;
  search?: string;
  before?: Date;
  since?: Date;
};

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page by keyset on (created_at, id) within the workspace: the index serves it at any depth. */
export function listHistory(db: AppDb, workspaceId: string, f: HistoryFilter): Promise<HistoryRow[]> {
  const where: SQL[] = [eq(h.workspaceId, workspaceId)];
  const beyond = f.direction === 'desc' ? lt : gt;
  if (f.after) {
    where.push(
      or(
        beyond(h.createdAt, f.after.createdAt),
        and(eq(h.createdAt, f.after.createdAt), beyond(h.id, f.after.id)),
      )!,
    );
  }
  if (f.voiceId) where.push(eq(h.voiceId, f.voiceId));
  if (f.modelId) where.push(eq(h.modelId, f.modelId));
  if (f.source) where.push(eq(h.source, f.source));
  if (f.search)
    where.push(or(ilike(h.text, likePattern(f.search)), ilike(h.voiceName, likePattern(f.search)))!);
  if (f.before) where.push(lt(h.createdAt, f.before));
  if (f.since) where.push(gt(h.createdAt, f.since));
  const order = f.direction === 'desc' ? desc : asc;
  return db
    .select()
    .from(h)
    .where(and(...where))
    .orderBy(order(h.createdAt), order(h.id))
    .limit(f.limit);
}

export async function deleteHistoryItem(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<HistoryRow | undefined> {
  const [row] = await db
    .delete(h)
    .where(and(eq(h.workspaceId, workspaceId), eq(h.id, id)))
    .returning();
  return row;
}

/** Sets feedback only while it is unreviewed (checked in the same statement). */
export async function setFeedback(
  db: AppDb,
  workspaceId: string,
  id: string,
  feedback: HistoryFeedback,
): Promise<HistoryRow | undefined> {
  const [row] = await db
    .update(h)
    .set({ feedback })
    .where(
      and(
        eq(h.workspaceId, workspaceId),
        eq(h.id, id),
        or(
          isNull(h.feedback),
          sql`coalesce(${h.feedback}->>'review_status', 'not_reviewed') = 'not_reviewed'`,
        ),
      ),
    )
    .returning();
  return row;
}
