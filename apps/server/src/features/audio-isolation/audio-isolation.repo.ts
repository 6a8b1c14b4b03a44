import { and, desc, eq, ilike } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { audioIsolations } from '../../db/schema/audio-isolations';

export type IsolationRow = typeof audioIsolations.$inferSelect;

export async function insertIsolation(db: AppDb, row: typeof audioIsolations.$inferInsert): Promise<void> {
  await db.insert(audioIsolations).values(row);
}

/** One page, newest first; one row more than asked tells whether there is another page. */
export function listIsolations(
  db: AppDb,
  workspaceId: string,
  q: { limit: number; offset: number; search?: string },
): Promise<IsolationRow[]> {
  const where = q.search
    ? and(
        eq(audioIsolations.workspaceId, workspaceId),
        ilike(audioIsolations.title, `%${q.search.replace(/[\\%_]/g, '\\$&')}%`),
      )
    : eq(audioIsolations.workspaceId, workspaceId);
  return db
    .select()
    .from(audioIsolations)
    .where(where)
    .orderBy(desc(audioIsolations.createdAt), desc(audioIsolations.id))
    .limit(q.limit)
    .offset(q.offset);
}

export async function findIsolation(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<IsolationRow | undefined> {
  const [row] = await db
    .select()
    .from(audioIsolations)
    .where(and(eq(audioIsolations.workspaceId, workspaceId), eq(audioIsolations.id, id)));
  return row;
}

export async function deleteIsolation(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<IsolationRow | undefined> {
  const [row] = await db
    .delete(audioIsolations)
    .where(and(eq(audioIsolations.workspaceId, workspaceId), eq(audioIsolations.id, id)))
    .returning();
  return row;
}
