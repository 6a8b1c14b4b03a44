import { and, eq, getTableColumns, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { VisibilityFilter } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import { cachedRead } from '../../db/read-cache';
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
  /** The rows the caller may read (decision 165): null for all. */
  visible?: VisibilityFilter;
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
  const values = pageValues(f, workspaceId);
  return pageQuery(db, f, (name) => values[name]);
}

/** The values of a page query, by the names pageQuery gives them. */
function pageValues(f: HistoryFilter, workspaceId: string): Record<string, unknown> {
  return {
    workspaceId,
    limit: f.limit,
    ...(f.voiceId && { voiceId: f.voiceId }),
    ...(f.after && { afterAt: f.after.createdAt.toISOString(), afterId: f.after.id }),
    ...(f.modelId && { modelId: f.modelId }),
    ...(f.source && { source: f.source }),
    ...(f.search && { search: likePattern(f.search) }),
    ...(f.before && { before: f.before.toISOString() }),
    ...(f.since && { since: f.since.toISOString() }),
    ...(f.visible && {
      viewer: f.visible.userId,
      visibleIds: 'hide' in f.visible ? f.visible.hide : f.visible.only,
    }),
  };
}

/**
 * The page query of `f`'s shape (which filters it has, its direction). `param` gives each value's place
 * in the SQL by name: the value itself, or a placeholder for a prepared statement.
 */
function pageQuery(db: AppDb, f: HistoryFilter, param: (name: string) => unknown) {
  // The keyed columns: the item's own, or their copies in history_item_voices under a voice filter.
  const v = historyItemVoices;
  const key = f.voiceId
    ? { createdAt: v.createdAt, id: v.historyItemId }
    : { createdAt: h.createdAt, id: h.id };
  const ws = param('workspaceId');
  const where: SQL[] = [sql`${h.workspaceId} = ${ws}`];
  if (f.voiceId) where.push(sql`${v.workspaceId} = ${ws}`, sql`${v.voiceId} = ${param('voiceId')}`);
  const desc = f.direction === 'desc';
  if (f.after) {
    const cursor = sql`(${param('afterAt')}::timestamptz, ${param('afterId')})`;
    where.push(
      desc ? sql`(${key.createdAt}, ${key.id}) < ${cursor}` : sql`(${key.createdAt}, ${key.id}) > ${cursor}`,
    );
  }
  if (f.modelId) where.push(sql`${h.modelId} = ${param('modelId')}`);
  if (f.source) where.push(sql`${h.source} = ${param('source')}`);
  if (f.search) {
    const pattern = param('search');
    where.push(sql`(${h.text} ilike ${pattern} or ${h.voiceName} ilike ${pattern})`);
  }
  if (f.before) where.push(sql`${key.createdAt} < ${param('before')}::timestamptz`);
  // Shared resources (decision 165): the caller's own items, plus the ids the check lets them read (or
  // minus those it does not).
  if (f.visible) {
    const ids = sql`${param('visibleIds')}::text[]`;
    where.push(
      'hide' in f.visible
        ? sql`(${h.userId} is not distinct from ${param('viewer')} or ${h.id} <> all(${ids}))`
        : sql`(${h.userId} is not distinct from ${param('viewer')} or ${h.id} = any(${ids}))`,
    );
  }
  if (f.since) where.push(sql`${key.createdAt} > ${param('since')}::timestamptz`);
  const order = desc
    ? [sql`${key.createdAt} desc nulls last`, sql`${key.id} desc nulls last`]
    : [sql`${key.createdAt} asc nulls first`, sql`${key.id} asc nulls first`];
  const from = f.voiceId
    ? db.select(getTableColumns(h)).from(v).innerJoin(h, eq(h.id, v.historyItemId))
    : db.select().from(h);
  return from
    .where(and(...where))
    .orderBy(...order)
    .limit(param('limit') as number);
}

type PageStatement = ReturnType<ReturnType<typeof pageQuery>['prepare']>;

// The page statements built so far, per database handle and shape: the SQL is built once per shape and
// PostgreSQL plans it once per connection (decision 050); the values go in as parameters.
const pageStatements = new WeakMap<AppDb, Map<string, PageStatement>>();

function shapeOf(f: HistoryFilter): string {
  const has = [f.voiceId, f.after, f.modelId, f.source, f.search, f.before, f.since];
  const visible = !f.visible ? '' : 'hide' in f.visible ? '_hide' : '_only';
  return `${f.direction}_${has.map((x) => (x ? 1 : 0)).join('')}${visible}`;
}

export async function listHistory(db: AppDb, workspaceId: string, f: HistoryFilter): Promise<HistoryRow[]> {
  let statements = pageStatements.get(db);
  if (!statements) pageStatements.set(db, (statements = new Map()));
  const shape = shapeOf(f);
  let statement = statements.get(shape);
  if (!statement) {
    statement = pageQuery(db, f, (name) => sql.placeholder(name)).prepare(`history_page_${shape}`);
    statements.set(shape, statement);
  }
  const values = pageValues(f, workspaceId);
  const page = statement;
  // Kept in memory until any of its tables changes (decision 043).
  return cachedRead(
    db,
    `history:${shape}:${JSON.stringify(values)}`,
    async () => (await page.execute(values)) as HistoryRow[],
  );
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
