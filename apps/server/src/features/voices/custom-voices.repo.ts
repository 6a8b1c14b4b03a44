import { and, asc, count, desc, eq, getTableColumns, gte, isNull, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { users } from '../../db/schema/auth';
import { voiceSettings } from '../../db/schema/voice-settings';
import { voiceAddEdits, voiceSamples, voices } from '../../db/schema/voices';
import { workspaces } from '../../db/schema/workspaces';

/** A voice row with the name of the member who added it (null once that user is gone). */
export type CustomVoiceRow = typeof voices.$inferSelect & { addedByName?: string | null };
export type NewCustomVoice = typeof voices.$inferInsert;
export type VoiceSampleRow = typeof voiceSamples.$inferSelect;
export type NewVoiceSample = typeof voiceSamples.$inferInsert;

/** Library copies whose owner stopped sharing and whose notice ended are hidden (spec §5) and free their slot. */
const usable = or(isNull(voices.copyStatus), eq(voices.copyStatus, 'copied'));

/** A workspace's voices, newest first (without copied_disabled library copies). */
export function listWorkspaceVoices(db: AppDb, workspaceId: string): Promise<CustomVoiceRow[]> {
  return db
    .select({ ...getTableColumns(voices), addedByName: users.name })
    .from(voices)
    .leftJoin(users, eq(users.id, voices.createdBy))
    .where(and(eq(voices.workspaceId, workspaceId), usable))
    .orderBy(desc(voices.createdAt), desc(voices.id));
}

/** One voice of the workspace (another workspace's voice reads as absent). */
export async function findWorkspaceVoice(
  db: AppDb,
  workspaceId: string,
  voiceId: string,
): Promise<CustomVoiceRow | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(voices), addedByName: users.name })
    .from(voices)
    .leftJoin(users, eq(users.id, voices.createdBy))
    .where(and(eq(voices.workspaceId, workspaceId), eq(voices.id, voiceId)));
  return row;
}

/** The samples of some voices, oldest first. */
export async function samplesOf(db: AppDb, voiceIds: string[]): Promise<Map<string, VoiceSampleRow[]>> {
  const out = new Map<string, VoiceSampleRow[]>();
  if (!voiceIds.length) return out;
  const rows = await db
    .select()
    .from(voiceSamples)
    .where(sql`${voiceSamples.voiceId} in ${voiceIds}`)
    .orderBy(asc(voiceSamples.createdAt), asc(voiceSamples.id));
  for (const r of rows) out.set(r.voiceId, [...(out.get(r.voiceId) ?? []), r]);
  return out;
}

/** The workspace's tier, number of custom voices and of add/edits since `since`. */
export async function voiceCounts(
  db: AppDb,
  workspaceId: string,
  since: Date,
): Promise<{ tier: string; voices: number; addEdits: number }> {
  const [w] = await db
    .select({ tier: workspaces.subscriptionTier })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const [v] = await db
    .select({ n: count() })
    .from(voices)
    .where(and(eq(voices.workspaceId, workspaceId), usable));
  const [e] = await db
    .select({ n: count() })
    .from(voiceAddEdits)
    .where(and(eq(voiceAddEdits.workspaceId, workspaceId), gte(voiceAddEdits.createdAt, since)));
  return { tier: w?.tier ?? 'free', voices: v?.n ?? 0, addEdits: e?.n ?? 0 };
}

/**
 * Serializes voice adds and edits of one workspace inside a transaction (a transaction-scoped advisory
 * lock), so two concurrent adds cannot both pass the limit check.
 */
export async function lockWorkspaceVoices(tx: AppDb, workspaceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`voices:${workspaceId}`}))`);
}

export async function insertVoice(tx: AppDb, row: NewCustomVoice): Promise<void> {
  await tx.insert(voices).values(row);
}

export async function insertSamples(tx: AppDb, rows: NewVoiceSample[]): Promise<void> {
  if (rows.length) await tx.insert(voiceSamples).values(rows);
}

export async function recordAddEdit(
  tx: AppDb,
  row: { id: string; workspaceId: string; voiceId: string; kind: 'add' | 'edit' },
): Promise<void> {
  await tx.insert(voiceAddEdits).values(row);
}

export async function updateVoice(
  tx: AppDb,
  workspaceId: string,
  voiceId: string,
  set: Partial<Pick<CustomVoiceRow, 'name' | 'description' | 'labels' | 'profile'>>,
): Promise<void> {
  await tx
    .update(voices)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(voices.workspaceId, workspaceId), eq(voices.id, voiceId)));
}

/** Records a voice's speaker on the cloning server, leaving the rest of its profile as it is now. */
export async function setRemoteSpeaker(
  db: AppDb,
  workspaceId: string,
  voiceId: string,
  remote: NonNullable<CustomVoiceRow['profile']['remote']>,
): Promise<void> {
  await db
    .update(voices)
    .set({ profile: sql`jsonb_set(${voices.profile}, '{remote}', ${JSON.stringify(remote)}::jsonb)` })
    .where(and(eq(voices.workspaceId, workspaceId), eq(voices.id, voiceId)));
}

/** Deletes a voice, its samples (cascade) and the workspace's settings for it. */
export async function deleteVoice(tx: AppDb, workspaceId: string, voiceId: string): Promise<boolean> {
  const gone = await tx
    .delete(voices)
    .where(and(eq(voices.workspaceId, workspaceId), eq(voices.id, voiceId)))
    .returning({ id: voices.id });
  await tx
    .delete(voiceSettings)
    .where(and(eq(voiceSettings.workspaceId, workspaceId), eq(voiceSettings.voiceId, voiceId)));
  return gone.length > 0;
}

export async function deleteSample(
  tx: AppDb,
  voiceId: string,
  sampleId: string,
): Promise<VoiceSampleRow | undefined> {
  const [row] = await tx
    .delete(voiceSamples)
    .where(and(eq(voiceSamples.voiceId, voiceId), eq(voiceSamples.id, sampleId)))
    .returning();
  return row;
}
