import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { voicePreviews } from '../../db/schema/voice-previews';

export type VoicePreviewRow = typeof voicePreviews.$inferSelect;
export type NewVoicePreview = typeof voicePreviews.$inferInsert;

/** Stores a design call's previews together. */
export async function insertPreviews(db: AppDb, rows: NewVoicePreview[]): Promise<void> {
  if (rows.length) await db.insert(voicePreviews).values(rows);
}

/** A preview of the workspace that has not expired (another workspace's preview reads as absent). */
export async function findLivePreview(
  db: AppDb,
  workspaceId: string,
  id: string,
  now: Date,
): Promise<VoicePreviewRow | undefined> {
  const [row] = await db
    .select()
    .from(voicePreviews)
    .where(
      and(
        eq(voicePreviews.id, id),
        eq(voicePreviews.workspaceId, workspaceId),
        gt(voicePreviews.expiresAt, now),
      ),
    );
  return row;
}

/** Removes a preview once it became a voice; its audio key, to discard with the transaction. */
export async function deletePreview(db: AppDb, id: string): Promise<string | undefined> {
  const [row] = await db
    .delete(voicePreviews)
    .where(eq(voicePreviews.id, id))
    .returning({ audioPath: voicePreviews.audioPath });
  return row?.audioPath;
}

/** Removes up to `limit` previews expired at `now`; their audio keys. */
export async function deleteExpiredPreviews(db: AppDb, now: Date, limit: number): Promise<string[]> {
  const expired = db
    .select({ id: voicePreviews.id })
    .from(voicePreviews)
    .where(lte(voicePreviews.expiresAt, now))
    .limit(limit);
  const rows = await db
    .delete(voicePreviews)
    .where(inArray(voicePreviews.id, expired))
    .returning({ audioPath: voicePreviews.audioPath });
  return rows.map((r) => r.audioPath);
}
