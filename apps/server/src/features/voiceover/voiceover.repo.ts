import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { voiceoverProjects } from '../../db/schema/voiceover';

export type VoiceoverRow = typeof voiceoverProjects.$inferSelect;
type Changes = Partial<Omit<VoiceoverRow, 'id' | 'workspaceId' | 'createdAt'>>;

export async function insertProject(
  db: AppDb,
  row: typeof voiceoverProjects.$inferInsert,
): Promise<VoiceoverRow> {
  const [inserted] = await db.insert(voiceoverProjects).values(row).returning();
  return inserted!;
}

/** The workspace's projects, newest first (at most 200). */
export function listProjects(db: AppDb, workspaceId: string): Promise<VoiceoverRow[]> {
  return db
    .select()
    .from(voiceoverProjects)
    .where(eq(voiceoverProjects.workspaceId, workspaceId))
    .orderBy(desc(voiceoverProjects.createdAt), desc(voiceoverProjects.id))
    .limit(200);
}

export async function findProject(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<VoiceoverRow | undefined> {
  const [row] = await db
    .select()
    .from(voiceoverProjects)
    .where(and(eq(voiceoverProjects.workspaceId, workspaceId), eq(voiceoverProjects.id, id)));
  return row;
}

/** The row locked for a change (inside a transaction), so two edits of its tracks never interleave. */
export async function lockProject(
  tx: AppDb,
  workspaceId: string,
  id: string,
): Promise<VoiceoverRow | undefined> {
  const [row] = await tx
    .select()
    .from(voiceoverProjects)
    .where(and(eq(voiceoverProjects.workspaceId, workspaceId), eq(voiceoverProjects.id, id)))
    .for('update');
  return row;
}

export async function findProjectById(db: AppDb, id: string): Promise<VoiceoverRow | undefined> {
  const [row] = await db.select().from(voiceoverProjects).where(eq(voiceoverProjects.id, id));
  return row;
}

/** A change of what the project mixes: raises its version. */
export async function updateProject(
  db: AppDb,
  id: string,
  changes: Changes,
): Promise<VoiceoverRow | undefined> {
  const [row] = await db
    .update(voiceoverProjects)
    .set({ ...changes, version: sql`${voiceoverProjects.version} + 1`, updatedAt: new Date() })
    .where(eq(voiceoverProjects.id, id))
    .returning();
  return row;
}

/** The export's own fields, only while that export is running (a newer export or a delete wins). */
export async function updateExport(
  db: AppDb,
  id: string,
  exportVersion: number,
  changes: Pick<Changes, 'exportStatus' | 'exportProgress' | 'exportError' | 'exportPath'>,
): Promise<VoiceoverRow | undefined> {
  const [row] = await db
    .update(voiceoverProjects)
    .set(changes)
    .where(
      and(
        eq(voiceoverProjects.id, id),
        eq(voiceoverProjects.exportStatus, 'exporting'),
        eq(voiceoverProjects.exportVersion, exportVersion),
      ),
    )
    .returning();
  return row;
}

export async function deleteProject(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<VoiceoverRow | undefined> {
  const [row] = await db
    .delete(voiceoverProjects)
    .where(and(eq(voiceoverProjects.workspaceId, workspaceId), eq(voiceoverProjects.id, id)))
    .returning();
  return row;
}

/** Marks an export as started at the project's current version (the version is not raised). */
export async function startExport(db: AppDb, id: string): Promise<VoiceoverRow> {
  const [row] = await db
    .update(voiceoverProjects)
    .set({
      exportStatus: 'exporting',
      exportProgress: 0,
      exportError: null,
      exportVersion: sql`${voiceoverProjects.version}`,
    })
    .where(eq(voiceoverProjects.id, id))
    .returning();
  return row!;
}
