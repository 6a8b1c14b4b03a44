import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { cachedRead } from '../../db/read-cache';
import { voiceSettings, type StoredVoiceSettings } from '../../db/schema/voice-settings';

const vs = voiceSettings;

/** The workspace's stored settings for one voice, if it edited them. */
export async function findVoiceSettings(
  db: AppDb,
  workspaceId: string,
  voiceId: string,
): Promise<StoredVoiceSettings | undefined> {
  const [row] = await db
    .select({ settings: vs.settings })
    .from(vs)
    .where(and(eq(vs.workspaceId, workspaceId), eq(vs.voiceId, voiceId)));
  return row?.settings;
}

const listQuery = (db: AppDb) =>
  db
    .select({ voiceId: vs.voiceId, settings: vs.settings })
    .from(vs)
    .where(eq(vs.workspaceId, sql.placeholder('workspaceId')))
    .prepare('voice_settings_of_workspace');

// Built once per database handle: every voice listing runs it (decision 050).
const listStatements = new WeakMap<AppDb, ReturnType<typeof listQuery>>();

/** Every voice the workspace edited, by voice id. */
export async function listVoiceSettings(
  db: AppDb,
  workspaceId: string,
): Promise<Map<string, StoredVoiceSettings>> {
  // Kept in memory until any of its tables changes (decision 043).
  return cachedRead(db, `voice-settings:${workspaceId}`, async () => {
    let statement = listStatements.get(db);
    if (!statement) listStatements.set(db, (statement = listQuery(db)));
    const rows = await statement.execute({ workspaceId });
    return new Map(rows.map((r) => [r.voiceId, r.settings]));
  });
}

/**
 * Stores an edit in one statement: a first edit inserts `initial` (the voice's settings with the edit
 * applied); later edits merge only the `changed` fields over what is stored, so two concurrent partial
 * edits never undo each other.
 */
export async function mergeVoiceSettings(
  db: AppDb,
  workspaceId: string,
  voiceId: string,
  initial: StoredVoiceSettings,
  changed: Partial<StoredVoiceSettings>,
): Promise<void> {
  await db
    .insert(vs)
    .values({ workspaceId, voiceId, settings: initial })
    .onConflictDoUpdate({
      target: [vs.workspaceId, vs.voiceId],
      // The stored row is addressed by table name: inside ON CONFLICT a bare column could mean either row.
      set: {
        settings: sql`"voice_settings"."settings" || ${JSON.stringify(changed)}::jsonb`,
        updatedAt: sql`now()`,
      },
    });
}
