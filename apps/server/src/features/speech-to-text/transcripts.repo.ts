import { and, desc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { secondsMeter } from '../../db/seconds-meter';
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

/** Speech-to-text seconds of the month (db/seconds-meter.ts). */
const meter = secondsMeter(transcriptionUsage);
export const debitSeconds = meter.debit;
export const refundSeconds = meter.refund;
export const secondsUsed = meter.used;
