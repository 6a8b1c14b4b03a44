import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { forgetPrincipals } from '../../auth/principal-cache';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyChanges = Partial<Pick<ApiKeyRow, 'name' | 'permissions' | 'characterLimit' | 'disabled'>>;

export function insertApiKey(db: AppDb, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow[]> {
  return db.insert(apiKeys).values(row).returning();
}

export async function touchApiKey(db: AppDb, id: string): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, id));
}

/** A user's keys, oldest first. */
export function listApiKeys(db: AppDb, userId: string): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
}

export async function updateApiKey(
  db: AppDb,
  userId: string,
  id: string,
  changes: ApiKeyChanges,
): Promise<ApiKeyRow | undefined> {
  if (Object.keys(changes).length === 0) {
    const [row] = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)));
    return row;
  }
  const [row] = await db
    .update(apiKeys)
    .set(changes)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning();
  forgetPrincipals();
  return row;
}

export async function deleteApiKey(db: AppDb, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  forgetPrincipals();
  return rows.length > 0;
}

/**
 * Adds `count` characters to the key's counter in one statement, only when that stays within its limit
 * (so concurrent requests cannot overspend); false when the limit would be passed.
 */
export async function addCharacters(db: AppDb, id: string, count: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ characterCount: sql`${apiKeys.characterCount} + ${count}` })
    .where(
      and(
        eq(apiKeys.id, id),
        or(
          isNull(apiKeys.characterLimit),
          lte(sql`${apiKeys.characterCount} + ${count}`, apiKeys.characterLimit),
        ),
      ),
    )
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}

export async function findApiKey(db: AppDb, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
  return row;
}

/** Gives back characters charged for work that then failed (never below zero). */
export async function subtractCharacters(db: AppDb, id: string, count: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ characterCount: sql`greatest(0, ${apiKeys.characterCount} - ${count})` })
    .where(eq(apiKeys.id, id));
}
