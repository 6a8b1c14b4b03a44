import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { voiceCollections, voiceCollectionVoices } from '../../db/schema/voice-library';

export type CollectionRow = typeof voiceCollections.$inferSelect;

/** The workspace's collections, oldest first, each with its voice ids in the order they were added. */
export async function listCollections(db: AppDb, workspaceId: string) {
  const rows = await db
    .select()
    .from(voiceCollections)
    .where(eq(voiceCollections.workspaceId, workspaceId))
    .orderBy(asc(voiceCollections.createdAt), asc(voiceCollections.id));
  const ids = await voiceIdsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ row, voiceIds: ids.get(row.id) ?? [] }));
}

async function voiceIdsOf(db: AppDb, collectionIds: string[]) {
  const out = new Map<string, string[]>();
  if (!collectionIds.length) return out;
  const rows = await db
    .select()
    .from(voiceCollectionVoices)
    .where(sql`${voiceCollectionVoices.collectionId} in ${collectionIds}`)
    .orderBy(asc(voiceCollectionVoices.addedAt), asc(voiceCollectionVoices.voiceId));
  for (const r of rows) out.set(r.collectionId, [...(out.get(r.collectionId) ?? []), r.voiceId]);
  return out;
}

/** One collection of the workspace (another workspace's reads as absent) with its voice ids. */
export async function findCollection(db: AppDb, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(voiceCollections)
    .where(and(eq(voiceCollections.workspaceId, workspaceId), eq(voiceCollections.id, id)));
  if (!row) return undefined;
  return { row, voiceIds: (await voiceIdsOf(db, [id])).get(id) ?? [] };
}

export async function insertCollection(db: AppDb, row: typeof voiceCollections.$inferInsert) {
  const [saved] = await db.insert(voiceCollections).values(row).returning();
  return saved!;
}

export async function updateCollection(
  db: AppDb,
  workspaceId: string,
  id: string,
  set: { title?: string; icon?: string },
) {
  if (!Object.keys(set).length) return;
  await db
    .update(voiceCollections)
    .set(set)
    .where(and(eq(voiceCollections.workspaceId, workspaceId), eq(voiceCollections.id, id)));
}

export async function deleteCollection(db: AppDb, workspaceId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(voiceCollections)
    .where(and(eq(voiceCollections.workspaceId, workspaceId), eq(voiceCollections.id, id)))
    .returning({ id: voiceCollections.id });
  return gone.length > 0;
}

export async function addVoice(db: AppDb, collectionId: string, voiceId: string): Promise<void> {
  await db.insert(voiceCollectionVoices).values({ collectionId, voiceId }).onConflictDoNothing();
}

export async function removeVoice(db: AppDb, collectionId: string, voiceId: string): Promise<boolean> {
  const gone = await db
    .delete(voiceCollectionVoices)
    .where(
      and(eq(voiceCollectionVoices.collectionId, collectionId), eq(voiceCollectionVoices.voiceId, voiceId)),
    )
    .returning({ id: voiceCollectionVoices.voiceId });
  return gone.length > 0;
}

/** The voice ids of a workspace's collection, or undefined when the workspace has no such collection. */
export async function collectionVoiceIds(db: AppDb, workspaceId: string, id: string) {
  return (await findCollection(db, workspaceId, id))?.voiceIds;
}

/** The workspace's collections each voice is in, for the voices list's `collection_ids`. */
export async function collectionIdsByVoice(
  db: AppDb,
  workspaceId: string,
  voiceIds: string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!voiceIds.length) return out;
  const rows = await db
    .select({ voiceId: voiceCollectionVoices.voiceId, collectionId: voiceCollectionVoices.collectionId })
    .from(voiceCollectionVoices)
    .innerJoin(voiceCollections, eq(voiceCollections.id, voiceCollectionVoices.collectionId))
    .where(
      and(eq(voiceCollections.workspaceId, workspaceId), inArray(voiceCollectionVoices.voiceId, voiceIds)),
    )
    .orderBy(asc(voiceCollections.createdAt), asc(voiceCollections.id));
  for (const r of rows) out.set(r.voiceId, [...(out.get(r.voiceId) ?? []), r.collectionId]);
  return out;
}
