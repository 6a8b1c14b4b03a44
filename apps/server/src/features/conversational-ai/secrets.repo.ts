import { and, asc, eq, ilike } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { convaiSecrets } from '../../db/schema/conversational-ai';

export type SecretRow = typeof convaiSecrets.$inferSelect;

export async function insertSecret(db: AppDb, row: typeof convaiSecrets.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(convaiSecrets)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: convaiSecrets.id });
  return rows.length > 0;
}

export async function findSecret(db: AppDb, workspaceId: string, id: string): Promise<SecretRow | undefined> {
  const [row] = await db
    .select()
    .from(convaiSecrets)
    .where(and(eq(convaiSecrets.workspaceId, workspaceId), eq(convaiSecrets.id, id)));
  return row;
}

export function listSecrets(
  db: AppDb,
  workspaceId: string,
  q: { limit: number; search?: string },
): Promise<SecretRow[]> {
  const where = q.search
    ? and(
        eq(convaiSecrets.workspaceId, workspaceId),
        ilike(convaiSecrets.name, `%${q.search.replace(/[\\%_]/g, '\\$&')}%`),
      )
    : eq(convaiSecrets.workspaceId, workspaceId);
  return db.select().from(convaiSecrets).where(where).orderBy(asc(convaiSecrets.name)).limit(q.limit);
}

export async function updateSecret(
  db: AppDb,
  workspaceId: string,
  id: string,
  set: { name: string; encryptedValue: string },
): Promise<boolean> {
  const rows = await db
    .update(convaiSecrets)
    .set(set)
    .where(and(eq(convaiSecrets.workspaceId, workspaceId), eq(convaiSecrets.id, id)))
    .returning({ id: convaiSecrets.id });
  return rows.length > 0;
}

export async function deleteSecret(db: AppDb, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(convaiSecrets)
    .where(and(eq(convaiSecrets.workspaceId, workspaceId), eq(convaiSecrets.id, id)))
    .returning({ id: convaiSecrets.id });
  return rows.length > 0;
}
