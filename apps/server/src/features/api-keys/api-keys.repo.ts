import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function insertApiKey(db: AppDb, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow[]> {
  return db.insert(apiKeys).values(row).returning();
}

export async function findApiKeyByHash(db: AppDb, keyHash: string): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).limit(1);
  return row;
}

export async function touchApiKey(db: AppDb, id: string): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, id));
}
