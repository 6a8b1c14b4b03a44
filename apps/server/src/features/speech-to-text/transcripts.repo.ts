import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { transcriptionUsage, transcripts } from '../../db/schema/transcripts';

export type TranscriptRow = typeof transcripts.$inferSelect;
export type NewTranscript = typeof transcripts.$inferInsert;

export async function insertTranscript(db: AppDb, row: NewTranscript): Promise<TranscriptRow> {
  const [out] = await db.insert(transcripts).values(row).returning();
  return out!;
}

/** A transcript of the workspace (another workspace's reads as absent). */
export async function findTranscript(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<TranscriptRow | undefined> {
  const [row] = await db
    .select()
    .from(transcripts)
    .where(and(eq(transcripts.id, id), eq(transcripts.workspaceId, workspaceId)));
  return row;
}

export async function findTranscriptById(db: AppDb, id: string): Promise<TranscriptRow | undefined> {
  const [row] = await db.select().from(transcripts).where(eq(transcripts.id, id));
  return row;
}

/** The workspace's newest transcripts first. */
export async function listTranscripts(
  db: AppDb,
  workspaceId: string,
  limit: number,
): Promise<TranscriptRow[]> {
  return db
    .select()
    .from(transcripts)
    .where(eq(transcripts.workspaceId, workspaceId))
    .orderBy(desc(transcripts.createdAt), desc(transcripts.id))
    .limit(limit);
}

export async function updateTranscript(
  db: AppDb,
  id: string,
  set: Partial<NewTranscript>,
): Promise<TranscriptRow | undefined> {
  const [row] = await db.update(transcripts).set(set).where(eq(transcripts.id, id)).returning();
  return row;
}

/** Deletes a transcript of the workspace; the row as it was (its audio key to discard), or undefined. */
export async function deleteTranscript(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<TranscriptRow | undefined> {
  const [row] = await db
    .delete(transcripts)
    .where(and(eq(transcripts.id, id), eq(transcripts.workspaceId, workspaceId)))
    .returning();
  return row;
}

/**
 * Debits `seconds` unless that passes `limit` (-1: unlimited): the check and the debit are one UPDATE, so
 * concurrent requests never spend more than the plan allows; a period past its end starts again from zero.
 * The seconds used after the debit, or null when refused.
 */
export async function debitSeconds(
  db: AppDb,
  workspaceId: string,
  seconds: number,
  limit: number,
): Promise<number | null> {
  const u = transcriptionUsage;
  await db
    .insert(u)
    .values({ workspaceId, secondsUsed: 0, periodEnd: sql`now() + interval '1 month'` })
    .onConflictDoNothing();
  const due = sql`${u.periodEnd} <= now()`;
  const next = sql`(case when ${due} then 0 else ${u.secondsUsed} end) + ${seconds}`;
  const [row] = await db
    .update(u)
    .set({
      secondsUsed: next,
      periodEnd: sql`case when ${due} then now() + interval '1 month' else ${u.periodEnd} end`,
    })
    .where(and(eq(u.workspaceId, workspaceId), limit < 0 ? undefined : sql`${next} <= ${limit}`))
    .returning({ used: u.secondsUsed });
  return row ? row.used : null;
}

/** Gives seconds back (a failed job, a refused request after the debit). */
export async function refundSeconds(db: AppDb, workspaceId: string, seconds: number): Promise<void> {
  await db
    .update(transcriptionUsage)
    .set({ secondsUsed: sql`greatest(0, ${transcriptionUsage.secondsUsed} - ${seconds})` })
    .where(eq(transcriptionUsage.workspaceId, workspaceId));
}

/** Seconds used in the current period (0 when the period has ended or none was used). */
export async function secondsUsed(db: AppDb, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({
      used: sql<number>`case when ${transcriptionUsage.periodEnd} <= now() then 0 else ${transcriptionUsage.secondsUsed} end`,
    })
    .from(transcriptionUsage)
    .where(eq(transcriptionUsage.workspaceId, workspaceId));
  return Number(row?.used ?? 0);
}
