import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { visibleWhere, type VisibilityFilter } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import { convaiKnowledgeChunks, convaiKnowledgeDocuments } from '../../db/schema/conversational-ai';

export type DocumentRow = typeof convaiKnowledgeDocuments.$inferSelect;

/** The workspace's documents among `ids`, with their creators. */
export function documentsByIds(
  db: AppDb,
  workspaceId: string,
  ids: string[],
): Promise<{ id: string; createdBy: string | null }[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: convaiKnowledgeDocuments.id, createdBy: convaiKnowledgeDocuments.createdBy })
    .from(convaiKnowledgeDocuments)
    .where(
      and(eq(convaiKnowledgeDocuments.workspaceId, workspaceId), inArray(convaiKnowledgeDocuments.id, ids)),
    );
}

/** A document with its chunks, in one transaction: both or neither. */
export async function insertDocument(
  db: AppDb,
  doc: typeof convaiKnowledgeDocuments.$inferInsert,
  chunks: string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(convaiKnowledgeDocuments).values(doc);
    if (chunks.length)
      await tx.insert(convaiKnowledgeChunks).values(
        chunks.map((content, ordinal) => ({
          id: `${doc.id}_${ordinal}`,
          documentId: doc.id,
          workspaceId: doc.workspaceId,
          ordinal,
          content,
        })),
      );
  });
}

export async function findDocument(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(convaiKnowledgeDocuments)
    .where(and(eq(convaiKnowledgeDocuments.workspaceId, workspaceId), eq(convaiKnowledgeDocuments.id, id)));
  return row;
}

export function listDocuments(
  db: AppDb,
  workspaceId: string,
  q: { limit: number; offset: number; search?: string; visible: VisibilityFilter },
): Promise<DocumentRow[]> {
  const where: (SQL | undefined)[] = [
    eq(convaiKnowledgeDocuments.workspaceId, workspaceId),
    visibleWhere(q.visible, convaiKnowledgeDocuments.id, convaiKnowledgeDocuments.createdBy),
  ];
  if (q.search) where.push(ilike(convaiKnowledgeDocuments.name, `%${q.search.replace(/[\\%_]/g, '\\$&')}%`));
  return db
    .select()
    .from(convaiKnowledgeDocuments)
    .where(and(...where))
    .orderBy(desc(convaiKnowledgeDocuments.createdAt), desc(convaiKnowledgeDocuments.id))
    .limit(q.limit)
    .offset(q.offset);
}

/** Renames a document and/or replaces its text and passages, in one transaction. */
export async function updateDocument(
  db: AppDb,
  workspaceId: string,
  id: string,
  set: { name?: string; content?: { text: string; sizeBytes: number; chunks: string[] } },
): Promise<void> {
  await db.transaction(async (tx) => {
    const where = and(
      eq(convaiKnowledgeDocuments.workspaceId, workspaceId),
      eq(convaiKnowledgeDocuments.id, id),
    );
    await tx
      .update(convaiKnowledgeDocuments)
      .set({
        ...(set.name !== undefined && { name: set.name }),
        ...(set.content && { content: set.content.text, sizeBytes: set.content.sizeBytes }),
      })
      .where(where);
    if (!set.content) return;
    await tx.delete(convaiKnowledgeChunks).where(eq(convaiKnowledgeChunks.documentId, id));
    if (set.content.chunks.length)
      await tx.insert(convaiKnowledgeChunks).values(
        set.content.chunks.map((content, ordinal) => ({
          id: `${id}_${ordinal}`,
          documentId: id,
          workspaceId,
          ordinal,
          content,
        })),
      );
  });
}

export async function deleteDocument(db: AppDb, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(convaiKnowledgeDocuments)
    .where(and(eq(convaiKnowledgeDocuments.workspaceId, workspaceId), eq(convaiKnowledgeDocuments.id, id)))
    .returning({ id: convaiKnowledgeDocuments.id });
  return rows.length > 0;
}

export type Passage = {
  documentId: string;
  documentName: string;
  ordinal: number;
  content: string;
  score: number;
};

/**
 * The best passages of these documents for a question: PostgreSQL full-text search (English stemming,
 * any of the question's words, ranked by ts_rank_cd) — the same SQL on PGlite and PostgreSQL (decision 154).
 */
export async function searchPassages(
  db: AppDb,
  workspaceId: string,
  documentIds: string[],
  question: string,
  limit: number,
): Promise<Passage[]> {
  const words = (question.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => w.length > 1).slice(0, 40);
  if (!words.length || !documentIds.length) return [];
  const query = words.join(' | ');
  const vector = sql`to_tsvector('english', ${convaiKnowledgeChunks.content})`;
  const tsQuery = sql`to_tsquery('english', ${query})`;
  const rows = await db
    .select({
      documentId: convaiKnowledgeChunks.documentId,
      documentName: convaiKnowledgeDocuments.name,
      ordinal: convaiKnowledgeChunks.ordinal,
      content: convaiKnowledgeChunks.content,
      score: sql<number>`ts_rank_cd(${vector}, ${tsQuery})`.mapWith(Number),
    })
    .from(convaiKnowledgeChunks)
    .innerJoin(convaiKnowledgeDocuments, eq(convaiKnowledgeDocuments.id, convaiKnowledgeChunks.documentId))
    .where(
      and(
        eq(convaiKnowledgeChunks.workspaceId, workspaceId),
        inArray(convaiKnowledgeChunks.documentId, documentIds),
        sql`${vector} @@ ${tsQuery}`,
      ),
    )
    .orderBy(sql`5 desc`, convaiKnowledgeChunks.ordinal)
    .limit(limit);
  return rows;
}

/** Agents of the workspace whose prompt lists the document (dependent agents). */
export async function dependentAgentIds(
  db: AppDb,
  workspaceId: string,
  documentId: string,
): Promise<{ id: string; name: string }[]> {
  const result = await db.execute<{ id: string; name: string }>(sql`
    select id, name from convai_agents
    where workspace_id = ${workspaceId}
      and exists (
        select 1 from jsonb_array_elements(coalesce(conversation_config #> '{agent,prompt,knowledge_base}', '[]'::jsonb)) d
        where d->>'id' = ${documentId})
    order by created_at`);
  return (result as unknown as { rows: { id: string; name: string }[] }).rows;
}
