import { and, asc, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { convaiBatchCalls, convaiBatchRecipients } from '../../db/schema/convai-telephony';
import { convaiConversations } from '../../db/schema/conversational-ai';

export type BatchRow = typeof convaiBatchCalls.$inferSelect;
export type RecipientRow = typeof convaiBatchRecipients.$inferSelect;
export type BatchCounts = { dispatched: number; finished: number; total: number };

export async function insertBatch(
  db: AppDb,
  batch: typeof convaiBatchCalls.$inferInsert,
  recipients: (typeof convaiBatchRecipients.$inferInsert)[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(convaiBatchCalls).values(batch);
    for (let i = 0; i < recipients.length; i += 500)
      await tx.insert(convaiBatchRecipients).values(recipients.slice(i, i + 500));
  });
}

export async function findBatch(db: AppDb, workspaceId: string, id: string): Promise<BatchRow | undefined> {
  const [row] = await db
    .select()
    .from(convaiBatchCalls)
    .where(and(eq(convaiBatchCalls.workspaceId, workspaceId), eq(convaiBatchCalls.id, id)));
  return row;
}

export function listBatches(
  db: AppDb,
  workspaceId: string,
  q: { limit: number; agentId?: string; before?: { at: Date; id: string } },
): Promise<BatchRow[]> {
  return db
    .select()
    .from(convaiBatchCalls)
    .where(
      and(
        eq(convaiBatchCalls.workspaceId, workspaceId),
        q.agentId ? eq(convaiBatchCalls.agentId, q.agentId) : undefined,
        q.before
          ? or(
              lt(convaiBatchCalls.createdAt, q.before.at),
              and(eq(convaiBatchCalls.createdAt, q.before.at), lt(convaiBatchCalls.id, q.before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(convaiBatchCalls.createdAt), desc(convaiBatchCalls.id))
    .limit(q.limit + 1);
}

export function recipientsOf(db: AppDb, batchId: string): Promise<RecipientRow[]> {
  return db
    .select()
    .from(convaiBatchRecipients)
    .where(eq(convaiBatchRecipients.batchId, batchId))
    .orderBy(asc(convaiBatchRecipients.ordinal));
}

export async function countsOf(db: AppDb, batchIds: string[]): Promise<Map<string, BatchCounts>> {
  const out = new Map<string, BatchCounts>();
  if (!batchIds.length) return out;
  const rows = await db
    .select({
      batchId: convaiBatchRecipients.batchId,
      total: sql<number>`count(*)::int`,
      dispatched: sql<number>`(count(*) filter (where ${convaiBatchRecipients.status} not in ('pending', 'cancelled')))::int`,
      finished: sql<number>`(count(*) filter (where ${convaiBatchRecipients.status} in ('completed', 'failed')))::int`,
    })
    .from(convaiBatchRecipients)
    .where(inArray(convaiBatchRecipients.batchId, batchIds))
    .groupBy(convaiBatchRecipients.batchId);
  for (const r of rows)
    out.set(r.batchId, { total: r.total, dispatched: r.dispatched, finished: r.finished });
  return out;
}

export async function setBatch(db: AppDb, id: string, set: Partial<typeof convaiBatchCalls.$inferInsert>) {
  await db
    .update(convaiBatchCalls)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(convaiBatchCalls.id, id));
}

export async function setRecipient(
  db: AppDb,
  id: string,
  set: Partial<typeof convaiBatchRecipients.$inferInsert>,
) {
  await db
    .update(convaiBatchRecipients)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(convaiBatchRecipients.id, id));
}

/** Moves every recipient of a batch in one of `from` to `to` (cancel, retry). */
export async function moveRecipients(db: AppDb, batchId: string, from: string[], to: string, clear = false) {
  await db
    .update(convaiBatchRecipients)
    .set({
      status: to,
      updatedAt: new Date(),
      ...(clear ? { conversationId: null, error: null, dialedAt: null } : {}),
    })
    .where(and(eq(convaiBatchRecipients.batchId, batchId), inArray(convaiBatchRecipients.status, from)));
}

export async function deleteBatch(db: AppDb, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(convaiBatchCalls)
    .where(and(eq(convaiBatchCalls.workspaceId, workspaceId), eq(convaiBatchCalls.id, id)))
    .returning({ id: convaiBatchCalls.id });
  return rows.length > 0;
}

/** Batches due to run (pending past their time, or running). */
export function dueBatches(db: AppDb, now: Date): Promise<BatchRow[]> {
  return db
    .select()
    .from(convaiBatchCalls)
    .where(
      or(
        eq(convaiBatchCalls.status, 'in_progress'),
        and(eq(convaiBatchCalls.status, 'pending'), lte(convaiBatchCalls.scheduledAt, now)),
      ),
    );
}

/** The conversation status of each dialed recipient's call (missing: not answered yet). */
export async function conversationStatuses(db: AppDb, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: convaiConversations.id, status: convaiConversations.status })
    .from(convaiConversations)
    .where(inArray(convaiConversations.id, ids));
  return new Map(rows.map((r) => [r.id, r.status]));
}
