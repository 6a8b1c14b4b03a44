import { and, count, desc, eq, lt, ne, or, sql } from 'drizzle-orm';
import { visibleWhere, type VisibilityFilter } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import { dubs } from '../../db/schema/dubs';
import { workspaceUsage } from '../../db/schema/usage';

export type DubRow = typeof dubs.$inferSelect;

export async function insertDub(db: AppDb, row: typeof dubs.$inferInsert): Promise<void> {
  await db.insert(dubs).values(row);
}

/** One page, newest first, after the cursor's row; one row more than asked tells whether there is another. */
export function listDubs(
  db: AppDb,
  workspaceId: string,
  q: { limit: number; after?: { createdAt: Date; id: string }; status?: string; visible?: VisibilityFilter },
): Promise<DubRow[]> {
  return db
    .select()
    .from(dubs)
    .where(
      and(
        eq(dubs.workspaceId, workspaceId),
        visibleWhere(q.visible ?? null, dubs.id, dubs.userId),
        q.status ? eq(dubs.status, q.status) : undefined,
        q.after
          ? or(
              lt(dubs.createdAt, q.after.createdAt),
              and(eq(dubs.createdAt, q.after.createdAt), lt(dubs.id, q.after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(dubs.createdAt), desc(dubs.id))
    .limit(q.limit);
}

export async function findDub(db: AppDb, workspaceId: string, id: string): Promise<DubRow | undefined> {
  const [row] = await db
    .select()
    .from(dubs)
    .where(and(eq(dubs.workspaceId, workspaceId), eq(dubs.id, id)));
  return row;
}

export async function findDubById(db: AppDb, id: string): Promise<DubRow | undefined> {
  const [row] = await db.select().from(dubs).where(eq(dubs.id, id));
  return row;
}

/** Dubs of the workspace still being made (the plan's concurrency counts them). */
export async function runningDubs(db: AppDb, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(dubs)
    .where(and(eq(dubs.workspaceId, workspaceId), eq(dubs.status, 'dubbing')));
  return Number(row?.n ?? 0);
}

/** Changes a dub still being made (a deleted or finished dub is left alone); the row after, if any. */
export async function updateRunningDub(
  db: AppDb,
  id: string,
  set: Partial<typeof dubs.$inferInsert>,
): Promise<DubRow | undefined> {
  const [row] = await db
    .update(dubs)
    .set(set)
    .where(and(eq(dubs.id, id), eq(dubs.status, 'dubbing')))
    .returning();
  return row;
}

export async function deleteDub(db: AppDb, workspaceId: string, id: string): Promise<DubRow | undefined> {
  const [row] = await db
    .delete(dubs)
    .where(and(eq(dubs.workspaceId, workspaceId), eq(dubs.id, id)))
    .returning();
  return row;
}

/** Gives a failed dub's characters back to its workspace's monthly count. */
export async function refundCharacters(db: AppDb, workspaceId: string, characters: number): Promise<void> {
  await db
    .update(workspaceUsage)
    .set({ characterCount: sql`greatest(0, ${workspaceUsage.characterCount} - ${characters})` })
    .where(eq(workspaceUsage.workspaceId, workspaceId));
}

/** Changes a dub that is not being made (edits of the dubbing resource); the row after, if any. */
export async function updateIdleDub(
  db: AppDb,
  workspaceId: string,
  id: string,
  set: Partial<typeof dubs.$inferInsert>,
): Promise<DubRow | undefined> {
  const [row] = await db
    .update(dubs)
    .set({ ...set, version: sql`${dubs.version} + 1` })
    .where(and(eq(dubs.workspaceId, workspaceId), eq(dubs.id, id), ne(dubs.status, 'dubbing')))
    .returning();
  return row;
}
