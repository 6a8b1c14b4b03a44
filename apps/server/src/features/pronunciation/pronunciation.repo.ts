import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { visibleWhere, type VisibilityFilter } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import {
  pronunciationDictionaries,
  pronunciationDictionaryVersions,
  type PronunciationRule,
} from '../../db/schema/studio';

export type DictionaryRow = typeof pronunciationDictionaries.$inferSelect;
export type VersionRow = typeof pronunciationDictionaryVersions.$inferSelect;

export async function insertDictionary(
  db: AppDb,
  row: typeof pronunciationDictionaries.$inferInsert,
  rules: PronunciationRule[],
) {
  await db.insert(pronunciationDictionaries).values(row);
  await db
    .insert(pronunciationDictionaryVersions)
    .values({ id: row.latestVersionId, dictionaryId: row.id, workspaceId: row.workspaceId, rules });
}

export async function findDictionary(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<DictionaryRow | undefined> {
  const [row] = await db
    .select()
    .from(pronunciationDictionaries)
    .where(and(eq(pronunciationDictionaries.workspaceId, workspaceId), eq(pronunciationDictionaries.id, id)));
  return row;
}

export async function findVersion(
  db: AppDb,
  workspaceId: string,
  dictionaryId: string,
  versionId: string,
): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(pronunciationDictionaryVersions)
    .where(
      and(
        eq(pronunciationDictionaryVersions.workspaceId, workspaceId),
        eq(pronunciationDictionaryVersions.dictionaryId, dictionaryId),
        eq(pronunciationDictionaryVersions.id, versionId),
      ),
    );
  return row;
}

/** A page of the workspace's dictionaries the filter lets the caller see (decision 165). */
export function listDictionaries(
  db: AppDb,
  workspaceId: string,
  q: { limit: number; offset: number; byName: boolean; ascending: boolean; visible: VisibilityFilter },
) {
  const col = q.byName ? pronunciationDictionaries.name : pronunciationDictionaries.createdAt;
  const d = pronunciationDictionaries;
  return db
    .select()
    .from(d)
    .where(and(eq(d.workspaceId, workspaceId), visibleWhere(q.visible, d.id, d.createdByUserId)))
    .orderBy(q.ascending ? asc(col) : desc(col), asc(pronunciationDictionaries.id))
    .limit(q.limit)
    .offset(q.offset);
}

export function versionsByIds(db: AppDb, ids: string[]): Promise<VersionRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(pronunciationDictionaryVersions)
    .where(inArray(pronunciationDictionaryVersions.id, ids));
}

/** A new version with `rules`, made the dictionary's latest. */
export async function addVersion(db: AppDb, d: DictionaryRow, versionId: string, rules: PronunciationRule[]) {
  await db
    .insert(pronunciationDictionaryVersions)
    .values({ id: versionId, dictionaryId: d.id, workspaceId: d.workspaceId, rules });
  await db
    .update(pronunciationDictionaries)
    .set({ latestVersionId: versionId })
    .where(eq(pronunciationDictionaries.id, d.id));
}

export async function updateDictionary(
  db: AppDb,
  id: string,
  set: Partial<typeof pronunciationDictionaries.$inferInsert>,
) {
  const [row] = await db
    .update(pronunciationDictionaries)
    .set(set)
    .where(eq(pronunciationDictionaries.id, id))
    .returning();
  return row;
}
