import { eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { convaiLlmSettings } from '../../db/schema/conversational-ai';

export type LlmSettingsRow = typeof convaiLlmSettings.$inferSelect;

export async function findLlmSettings(db: AppDb, workspaceId: string): Promise<LlmSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(convaiLlmSettings)
    .where(eq(convaiLlmSettings.workspaceId, workspaceId));
  return row;
}

export async function upsertLlmSettings(
  db: AppDb,
  row: typeof convaiLlmSettings.$inferInsert,
): Promise<void> {
  await db
    .insert(convaiLlmSettings)
    .values(row)
    .onConflictDoUpdate({
      target: convaiLlmSettings.workspaceId,
      set: {
        baseUrl: row.baseUrl,
        model: row.model,
        apiKeySecretId: row.apiKeySecretId ?? null,
        updatedAt: new Date(),
      },
    });
}

export async function deleteLlmSettings(db: AppDb, workspaceId: string): Promise<void> {
  await db.delete(convaiLlmSettings).where(eq(convaiLlmSettings.workspaceId, workspaceId));
}
