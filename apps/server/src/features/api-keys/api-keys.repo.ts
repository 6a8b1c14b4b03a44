import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { userProfiles } from '../../db/schema/user-profiles';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function insertApiKey(db: AppDb, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow[]> {
  return db.insert(apiKeys).values(row).returning();
}

/** The key with its owner's account state (a disabled, deleted or banned owner's keys stop working). */
export async function findApiKeyByHash(
  db: AppDb,
  keyHash: string,
): Promise<(ApiKeyRow & { ownerState: string | null }) | undefined> {
  const [row] = await db
    .select({ key: apiKeys, ownerState: userProfiles.accountState })
    .from(apiKeys)
    .leftJoin(userProfiles, eq(userProfiles.userId, apiKeys.userId))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  return row ? { ...row.key, ownerState: row.ownerState } : undefined;
}

export async function touchApiKey(db: AppDb, id: string): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, id));
}
