import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { users } from '../../db/schema/auth';
import { historyItems } from '../../db/schema/history';
import { userProfiles } from '../../db/schema/user-profiles';
import { voiceLibraryCopies, voiceSharing } from '../../db/schema/voice-library';
import { voices } from '../../db/schema/voices';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';

export type VoiceSharingRow = typeof voiceSharing.$inferSelect;
export type NewVoiceSharing = typeof voiceSharing.$inferInsert;
export type VoiceRow = typeof voices.$inferSelect;

/** The sharing settings of a voice, if it was ever shared. */
export async function findSharing(db: AppDb, voiceId: string): Promise<VoiceSharingRow | undefined> {
  const [row] = await db.select().from(voiceSharing).where(eq(voiceSharing.voiceId, voiceId));
  return row;
}

/** The shared voice behind a library address (public owner id + voice id), with the voice row. */
export async function findShared(
  db: AppDb,
  publicOwnerId: string,
  voiceId: string,
): Promise<{ sharing: VoiceSharingRow; voice: VoiceRow } | undefined> {
  const [row] = await db
    .select({ sharing: voiceSharing, voice: voices })
    .from(voiceSharing)
    .innerJoin(voices, eq(voices.id, voiceSharing.voiceId))
    .where(and(eq(voiceSharing.publicOwnerId, publicOwnerId), eq(voiceSharing.voiceId, voiceId)));
  return row;
}

export async function upsertSharing(tx: AppDb, row: NewVoiceSharing): Promise<VoiceSharingRow> {
  const { voiceId: _, workspaceId: __, publicOwnerId: ___, ...set } = row;
  const [saved] = await tx
    .insert(voiceSharing)
    .values(row)
    .onConflictDoUpdate({ target: voiceSharing.voiceId, set: { ...set, updatedAt: sql`now()` } })
    .returning();
  return saved!;
}

/** The user's email and public id (the library address of what they share). */
export async function userIdentity(
  db: AppDb,
  userId: string,
): Promise<{ email: string; publicUserId: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, publicUserId: userProfiles.publicUserId })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** The history item's audio if it belongs to the workspace (a preview must be the owner's own generation). */
export async function findWorkspaceHistoryItem(db: AppDb, workspaceId: string, id: string) {
  const [row] = await db
    .select({
      id: historyItems.id,
      voiceId: historyItems.voiceId,
      audioPath: historyItems.audioPath,
      contentType: historyItems.contentType,
    })
    .from(historyItems)
    .where(and(eq(historyItems.workspaceId, workspaceId), eq(historyItems.id, id)));
  return row;
}

/** The workspace's live copy of a library voice, if it has one. */
export async function findCopy(db: AppDb, workspaceId: string, originalVoiceId: string) {
  const [row] = await db
    .select({ id: voices.id })
    .from(voices)
    .where(
      and(
        eq(voices.workspaceId, workspaceId),
        eq(voices.copyOfVoiceId, originalVoiceId),
        eq(voices.copyStatus, 'copied'),
      ),
    );
  return row;
}

/** Stores a copy of a library voice and logs it for the owner's share stats. */
export async function insertCopy(tx: AppDb, row: typeof voices.$inferInsert & { copyOfVoiceId: string }) {
  await tx.insert(voices).values(row);
  await tx
    .insert(voiceLibraryCopies)
    .values({ copyVoiceId: row.id, originalVoiceId: row.copyOfVoiceId, workspaceId: row.workspaceId });
}

/**
 * Starts the notice period of every live copy of a voice whose sharing stopped; returns each copy with its
 * workspace so their members can be told.
 */
export function startCopiesNotice(tx: AppDb, originalVoiceId: string, disableAt: Date) {
  return tx
    .update(voices)
    .set({ copyDisableAt: disableAt, updatedAt: sql`now()` })
    .where(
      and(
        eq(voices.copyOfVoiceId, originalVoiceId),
        eq(voices.copyStatus, 'copied'),
        isNull(voices.copyDisableAt),
      ),
    )
    .returning({ id: voices.id, workspaceId: voices.workspaceId, name: voices.name });
}

/** Sharing turned on again within the notice period: copies that still work keep working. */
export async function cancelCopiesNotice(tx: AppDb, originalVoiceId: string): Promise<void> {
  await tx
    .update(voices)
    .set({ copyDisableAt: null, updatedAt: sql`now()` })
    .where(and(eq(voices.copyOfVoiceId, originalVoiceId), eq(voices.copyStatus, 'copied')));
}

/** Copies whose notice ended by `now` become copied_disabled (returned with their workspaces). */
export function disableExpiredCopies(db: AppDb, now: Date) {
  return db
    .update(voices)
    .set({ copyStatus: 'copied_disabled', updatedAt: sql`now()` })
    .where(and(eq(voices.copyStatus, 'copied'), sql`${voices.copyDisableAt} <= ${now.toISOString()}`))
    .returning({ id: voices.id, workspaceId: voices.workspaceId, name: voices.name });
}

/** Members of some workspaces, by workspace. */
export async function membersOf(db: AppDb, workspaceIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!workspaceIds.length) return out;
  const rows = await db
    .select({ workspaceId: workspaceMembers.workspaceId, userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(sql`${workspaceMembers.workspaceId} in ${workspaceIds}`);
  for (const r of rows) out.set(r.workspaceId, [...(out.get(r.workspaceId) ?? []), r.userId]);
  return out;
}

/** A workspace's plan tier. */
export async function workspaceTier(db: AppDb, workspaceId: string): Promise<string> {
  const [w] = await db
    .select({ tier: workspaces.subscriptionTier })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return w?.tier ?? 'free';
}
