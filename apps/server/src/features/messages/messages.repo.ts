import { and, count, desc, eq, lt, or } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { messages } from '../../db/schema/messages';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;

export async function insertMessages(db: AppDb, rows: NewMessageRow[]): Promise<MessageRow[]> {
  if (rows.length === 0) return [];
  return db.insert(messages).values(rows).returning();
}

export function listMessages(
  db: AppDb,
  userId: string,
  opts: { limit: number; after?: Pick<MessageRow, 'createdAt' | 'id'>; unreadOnly: boolean },
): Promise<MessageRow[]> {
  const where = [eq(messages.userId, userId)];
  // Keyset paging on (created_at, id): stable even when several messages share a timestamp.
  const after = opts.after;
  if (after) {
    where.push(
      or(
        lt(messages.createdAt, after.createdAt),
        and(eq(messages.createdAt, after.createdAt), lt(messages.id, after.id)),
      )!,
    );
  }
  if (opts.unreadOnly) where.push(eq(messages.hasBeenRead, false));
  return db
    .select()
    .from(messages)
    .where(and(...where))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(opts.limit);
}

export async function findMessage(
  db: AppDb,
  userId: string,
  messageId: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.id, messageId)));
  return row;
}

export async function countUnread(db: AppDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.hasBeenRead, false)));
  return Number(row?.n ?? 0);
}

export async function markRead(
  db: AppDb,
  userId: string,
  messageId: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ hasBeenRead: true })
    .where(and(eq(messages.userId, userId), eq(messages.id, messageId)))
    .returning();
  return row;
}

export function markAllRead(db: AppDb, userId: string): Promise<MessageRow[]> {
  return db
    .update(messages)
    .set({ hasBeenRead: true })
    .where(and(eq(messages.userId, userId), eq(messages.hasBeenRead, false)))
    .returning();
}
