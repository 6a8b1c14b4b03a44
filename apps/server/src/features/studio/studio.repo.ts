import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { visibleWhere, type VisibilityFilter } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import {
  studioBlocks,
  studioBlockTakes,
  studioChapters,
  studioProjects,
  studioSnapshots,
} from '../../db/schema/studio';
import { voiceSharing } from '../../db/schema/voice-library';

export type ProjectRow = typeof studioProjects.$inferSelect;
export type ChapterRow = typeof studioChapters.$inferSelect;
export type BlockRow = typeof studioBlocks.$inferSelect;
export type SnapshotRow = typeof studioSnapshots.$inferSelect;
export type TakeRow = typeof studioBlockTakes.$inferSelect;

export async function countProjects(db: AppDb, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(studioProjects)
    .where(eq(studioProjects.workspaceId, workspaceId));
  return row?.n ?? 0;
}

/** Serialises project creation per workspace, so two creations cannot both take the last free slot. */
export async function lockWorkspaceProjects(db: AppDb, workspaceId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${'studio:' + workspaceId}))`);
}

export const insertProject = (db: AppDb, row: typeof studioProjects.$inferInsert) =>
  db.insert(studioProjects).values(row);
export const insertChapters = (db: AppDb, rows: (typeof studioChapters.$inferInsert)[]) =>
  rows.length ? db.insert(studioChapters).values(rows) : Promise.resolve();
export const insertBlocks = (db: AppDb, rows: (typeof studioBlocks.$inferInsert)[]) =>
  rows.length ? db.insert(studioBlocks).values(rows) : Promise.resolve();

/** The workspace's projects the filter lets the caller see (decision 165), newest first. */
export function listProjects(
  db: AppDb,
  workspaceId: string,
  visible: VisibilityFilter = null,
): Promise<ProjectRow[]> {
  return db
    .select()
    .from(studioProjects)
    .where(
      and(
        eq(studioProjects.workspaceId, workspaceId),
        visibleWhere(visible, studioProjects.id, studioProjects.createdByUserId),
      ),
    )
    .orderBy(desc(studioProjects.createdAt), desc(studioProjects.id));
}

export async function findProject(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select()
    .from(studioProjects)
    .where(and(eq(studioProjects.workspaceId, workspaceId), eq(studioProjects.id, id)));
  return row;
}

export async function findProjectById(db: AppDb, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(studioProjects).where(eq(studioProjects.id, id));
  return row;
}

export async function updateProject(
  db: AppDb,
  id: string,
  set: Partial<typeof studioProjects.$inferInsert>,
): Promise<ProjectRow | undefined> {
  const [row] = await db.update(studioProjects).set(set).where(eq(studioProjects.id, id)).returning();
  return row;
}

export async function deleteProject(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .delete(studioProjects)
    .where(and(eq(studioProjects.workspaceId, workspaceId), eq(studioProjects.id, id)))
    .returning();
  return row;
}

export function listChapters(db: AppDb, projectId: string): Promise<ChapterRow[]> {
  return db
    .select()
    .from(studioChapters)
    .where(eq(studioChapters.projectId, projectId))
    .orderBy(asc(studioChapters.createdAt));
}

export async function findChapter(db: AppDb, projectId: string, id: string): Promise<ChapterRow | undefined> {
  const [row] = await db
    .select()
    .from(studioChapters)
    .where(and(eq(studioChapters.projectId, projectId), eq(studioChapters.id, id)));
  return row;
}

export async function updateChapter(
  db: AppDb,
  id: string,
  set: Partial<typeof studioChapters.$inferInsert>,
): Promise<ChapterRow | undefined> {
  const [row] = await db.update(studioChapters).set(set).where(eq(studioChapters.id, id)).returning();
  return row;
}

export async function deleteChapter(
  db: AppDb,
  projectId: string,
  id: string,
): Promise<ChapterRow | undefined> {
  const [row] = await db
    .delete(studioChapters)
    .where(and(eq(studioChapters.projectId, projectId), eq(studioChapters.id, id)))
    .returning();
  return row;
}

export function blocksOf(db: AppDb, chapterIds: string[]): Promise<BlockRow[]> {
  if (!chapterIds.length) return Promise.resolve([]);
  return db.select().from(studioBlocks).where(inArray(studioBlocks.chapterId, chapterIds));
}

export const deleteBlocks = (db: AppDb, ids: string[]) =>
  ids.length ? db.delete(studioBlocks).where(inArray(studioBlocks.id, ids)) : Promise.resolve();

export async function updateBlock(
  db: AppDb,
  id: string,
  set: Partial<typeof studioBlocks.$inferInsert>,
): Promise<void> {
  await db.update(studioBlocks).set(set).where(eq(studioBlocks.id, id));
}

export const insertSnapshot = (db: AppDb, row: typeof studioSnapshots.$inferInsert) =>
  db.insert(studioSnapshots).values(row);

/** Snapshots of a chapter, or of the project (chapterId null), newest first. */
export function listSnapshots(
  db: AppDb,
  projectId: string,
  chapterId: string | null,
): Promise<SnapshotRow[]> {
  return db
    .select()
    .from(studioSnapshots)
    .where(
      and(
        eq(studioSnapshots.projectId, projectId),
        chapterId ? eq(studioSnapshots.chapterId, chapterId) : isNull(studioSnapshots.chapterId),
      ),
    )
    .orderBy(desc(studioSnapshots.createdAt), desc(studioSnapshots.id));
}

export async function findSnapshot(
  db: AppDb,
  projectId: string,
  chapterId: string | null,
  id: string,
): Promise<SnapshotRow | undefined> {
  const [row] = await db
    .select()
    .from(studioSnapshots)
    .where(
      and(
        eq(studioSnapshots.projectId, projectId),
        eq(studioSnapshots.id, id),
        chapterId ? eq(studioSnapshots.chapterId, chapterId) : isNull(studioSnapshots.chapterId),
      ),
    );
  return row;
}

export function snapshotsByIds(db: AppDb, ids: string[]): Promise<SnapshotRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.select().from(studioSnapshots).where(inArray(studioSnapshots.id, ids));
}

export const insertTake = (db: AppDb, row: typeof studioBlockTakes.$inferInsert) =>
  db.insert(studioBlockTakes).values(row).returning();

/** A block's takes, oldest first. */
export function listTakes(db: AppDb, blockId: string): Promise<TakeRow[]> {
  return db
    .select()
    .from(studioBlockTakes)
    .where(eq(studioBlockTakes.blockId, blockId))
    .orderBy(asc(studioBlockTakes.createdAt), asc(studioBlockTakes.id));
}

export async function findTake(db: AppDb, blockId: string, id: string): Promise<TakeRow | undefined> {
  const [row] = await db
    .select()
    .from(studioBlockTakes)
    .where(and(eq(studioBlockTakes.blockId, blockId), eq(studioBlockTakes.id, id)));
  return row;
}

/** Every audio file of these blocks: their current audio and all their takes (to discard with the blocks). */
export async function blockFiles(db: AppDb, blocks: BlockRow[]): Promise<string[]> {
  const ids = blocks.map((b) => b.id);
  const takes = ids.length
    ? await db
        .select({ p: studioBlockTakes.audioPath })
        .from(studioBlockTakes)
        .where(inArray(studioBlockTakes.blockId, ids))
    : [];
  return [
    ...new Set([...blocks.flatMap((b) => (b.audioPath ? [b.audioPath] : [])), ...takes.map((t) => t.p)]),
  ];
}

/** Every file a project holds (block audio, takes and snapshots), to discard with it. */
export async function projectFiles(db: AppDb, projectId: string): Promise<string[]> {
  const chapters = await listChapters(db, projectId);
  const blocks = await blocksOf(
    db,
    chapters.map((c) => c.id),
  );
  const snaps = await db
    .select({ p: studioSnapshots.audioPath })
    .from(studioSnapshots)
    .where(eq(studioSnapshots.projectId, projectId));
  return [...(await blockFiles(db, blocks)), ...snaps.map((s) => s.p)];
}

/** Whether the voice is shared with live moderation on (refused in Studio). */
export async function isLiveModerated(db: AppDb, voiceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: voiceSharing.voiceId })
    .from(voiceSharing)
    .where(and(eq(voiceSharing.voiceId, voiceId), eq(voiceSharing.liveModeration, true)));
  return !!row;
}
