import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { historyItems } from '../../db/schema/history';
import { userProfiles } from '../../db/schema/user-profiles';

const h = historyItems;

/**
 * The item's share id, giving it `candidate` first if it has none: one statement, so concurrent first
 * requests agree on one id. Undefined when the workspace has no such item.
 */
export async function ensureShareLinkId(
  db: AppDb,
  workspaceId: string,
  itemId: string,
  candidate: string,
): Promise<{ shareLinkId: string; userId: string | null } | undefined> {
  const [row] = await db
    .update(h)
    .set({ shareLinkId: sql`coalesce(${h.shareLinkId}, ${candidate})` })
    .where(and(eq(h.workspaceId, workspaceId), eq(h.id, itemId)))
    .returning({ shareLinkId: h.shareLinkId, userId: h.userId });
  return row ? { shareLinkId: row.shareLinkId!, userId: row.userId } : undefined;
}

/** The item's share id (null when unpublished) and author; undefined when the workspace has no such item. */
export async function findShareState(
  db: AppDb,
  workspaceId: string,
  itemId: string,
): Promise<{ shareLinkId: string | null; userId: string | null } | undefined> {
  const [row] = await db
    .select({ shareLinkId: h.shareLinkId, userId: h.userId })
    .from(h)
    .where(and(eq(h.workspaceId, workspaceId), eq(h.id, itemId)));
  return row;
}

/** Turns the item's link off (its id is dropped for good); false when the workspace has no such item. */
export async function clearShareLinkId(db: AppDb, workspaceId: string, itemId: string): Promise<boolean> {
  const rows = await db
    .update(h)
    .set({ shareLinkId: null })
    .where(and(eq(h.workspaceId, workspaceId), eq(h.id, itemId)))
    .returning({ id: h.id });
  return rows.length > 0;
}

/** What a share video is made of; undefined when the workspace has no such item. */
export async function findVideoSource(
  db: AppDb,
  workspaceId: string,
  itemId: string,
): Promise<{ text: string; source: string; audioPath: string } | undefined> {
  const [row] = await db
    .select({ text: h.text, source: h.source, audioPath: h.audioPath })
    .from(h)
    .where(and(eq(h.workspaceId, workspaceId), eq(h.id, itemId)));
  return row;
}

export type SharedRow = {
  shareLinkId: string;
  text: string;
  voiceId: string | null;
  voiceName: string | null;
  modelId: string | null;
  contentType: string;
  audioPath: string;
  createdAt: Date;
  publicUserName: string | null;
};

/** A shared item by its public id, with its author's public name (no workspace: the link is the key). */
export async function findSharedItem(db: AppDb, shareLinkId: string): Promise<SharedRow | undefined> {
  const [row] = await db
    .select({
      shareLinkId: sql<string>`${h.shareLinkId}`,
      text: h.text,
      voiceId: h.voiceId,
      voiceName: h.voiceName,
      modelId: h.modelId,
      contentType: h.contentType,
      audioPath: h.audioPath,
      createdAt: h.createdAt,
      publicUserName: userProfiles.publicUserName,
    })
    .from(h)
    .leftJoin(userProfiles, eq(userProfiles.userId, h.userId))
    .where(eq(h.shareLinkId, shareLinkId));
  return row;
}

/** The public name a user chose, if any. */
export async function findPublicName(
  db: AppDb,
  userId: string,
): Promise<{ publicUserName: string | null } | undefined> {
  const [row] = await db
    .select({ publicUserName: userProfiles.publicUserName })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return row;
}

/** Sets the user's public name; false when the user has no profile. */
export async function setPublicUserName(db: AppDb, userId: string, name: string): Promise<boolean> {
  const rows = await db
    .update(userProfiles)
    .set({ publicUserName: name, updatedAt: sql`now()` })
    .where(eq(userProfiles.userId, userId))
    .returning({ userId: userProfiles.userId });
  return rows.length > 0;
}
