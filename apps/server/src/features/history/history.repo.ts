import { and, eq, getTableColumns, gt, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import {
  historyItemVoices,
  historyItems,
  type HistoryFeedback,
  type HistorySource,
} from '../../db/schema/history';

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

/**
 * One page by keyset on (created_at, id) within the workspace. The row comparison and the NULLS order
 * match `history_items_workspace_created_idx` (DESC NULLS LAST; ascending reads it backwards), so
 * PostgreSQL walks the index from the cursor at any depth instead of sorting the workspace's rows.
 * With a voice filter the page walks `history_item_voices` the same way (every voice an item used,
 * dialogue lines included; decision 025) and joins each hit to its item.
 */
export function listHistoryQuery(db: AppDb, workspaceId: string, f: HistoryFilter) {
  // The keyed columns: the item's own, or their copies in history_item_voices under a voice filter.
  const v = historyItemVoices;
  const key = f.voiceId
    ? { createdAt: v.createdAt, id: v.historyItemId }
    : { createdAt: h.createdAt, id: h.id };
  const where: SQL[] = [eq(h.workspaceId, workspaceId)];
  if (f.voiceId) where.push(eq(v.workspaceId, workspaceId), eq(v.voiceId, f.voiceId));
  const desc = f.direction === 'desc';
  if (f.after) {
    const cursor = sql`(${f.after.createdAt.toISOString()}::timestamptz, ${f.after.id})`;
    where.push(
      desc ? sql`(${key.createdAt}, ${key.id}) < ${cursor}` : sql`(${key.createdAt}, ${key.id}) > ${cursor}`,
    );
  }
  if (f.modelId) where.push(eq(h.modelId, f.modelId));
  if (f.source) where.push(eq(h.source, f.source));
  if (f.search)
    where.push(or(ilike(h.text, likePattern(f.search)), ilike(h.voiceName, likePattern(f.search)))!);
  if (f.before) where.push(lt(key.createdAt, f.before));
  if (f.since) where.push(gt(key.createdAt, f.since));
  const order = desc
    ? [sql`${key.createdAt} desc nulls last`, sql`${key.id} desc nulls last`]
    : [sql`${key.createdAt} asc nulls first`, sql`${key.id} asc nulls first`];
  const from = f.voiceId
    ? db.select(getTableColumns(h)).from(v).innerJoin(h, eq(h.id, v.historyItemId))
    : db.select().from(h);
  return from
    .where(and(...where))
    .orderBy(...order)
    .limit(f.limit);
}

export function listHistory(db: AppDb, workspaceId: string, f: HistoryFilter): Promise<HistoryRow[]> {
  return listHistoryQuery(db, workspaceId, f);
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
