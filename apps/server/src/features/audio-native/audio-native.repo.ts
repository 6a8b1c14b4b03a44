import { and, desc, eq } from 'drizzle-orm';
import { audioNativeProjects } from '../../db/schema/audio-native';
import type { AppDb } from '../../db/client';

export type AudioNativeRow = typeof audioNativeProjects.$inferSelect;

export const insertAudioNative = (db: AppDb, row: typeof audioNativeProjects.$inferInsert) =>
  db.insert(audioNativeProjects).values(row);

export async function findAudioNative(
  db: AppDb,
  workspaceId: string,
  projectId: string,
): Promise<AudioNativeRow | undefined> {
  const [row] = await db
    .select()
    .from(audioNativeProjects)
    .where(
      and(eq(audioNativeProjects.workspaceId, workspaceId), eq(audioNativeProjects.projectId, projectId)),
    );
  return row;
}

export async function findByEmbedId(db: AppDb, embedId: string): Promise<AudioNativeRow | undefined> {
  const [row] = await db.select().from(audioNativeProjects).where(eq(audioNativeProjects.embedId, embedId));
  return row;
}

export async function findBySourceUrl(
  db: AppDb,
  workspaceId: string,
  url: string,
): Promise<AudioNativeRow | undefined> {
  const [row] = await db
    .select()
    .from(audioNativeProjects)
    .where(and(eq(audioNativeProjects.workspaceId, workspaceId), eq(audioNativeProjects.sourceUrl, url)))
    .orderBy(desc(audioNativeProjects.createdAt))
    .limit(1);
  return row;
}

export const listAudioNative = (db: AppDb, workspaceId: string) =>
  db
    .select()
    .from(audioNativeProjects)
    .where(eq(audioNativeProjects.workspaceId, workspaceId))
    .orderBy(desc(audioNativeProjects.createdAt));

export const updateAudioNative = (
  db: AppDb,
  projectId: string,
  set: Partial<typeof audioNativeProjects.$inferInsert>,
) => db.update(audioNativeProjects).set(set).where(eq(audioNativeProjects.projectId, projectId));
