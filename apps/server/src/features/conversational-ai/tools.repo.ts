import { visibleWhere, type VisibilityFilter } from '../../auth/resource-access';
import { and, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { users } from '../../db/schema/auth';
import { convaiTools } from '../../db/schema/conversational-ai';

export type ToolRow = typeof convaiTools.$inferSelect;
export type ToolWithCreator = ToolRow & { creatorName: string | null; creatorEmail: string | null };

const withCreator = { tool: convaiTools, creatorName: users.name, creatorEmail: users.email };
const flatten = (r: { tool: ToolRow; creatorName: string | null; creatorEmail: string | null }) => ({
  ...r.tool,
  creatorName: r.creatorName,
  creatorEmail: r.creatorEmail,
});

export async function insertTool(db: AppDb, row: typeof convaiTools.$inferInsert): Promise<void> {
  await db.insert(convaiTools).values(row);
}

export async function findTool(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<ToolWithCreator | undefined> {
  const [row] = await db
    .select(withCreator)
    .from(convaiTools)
    .leftJoin(users, eq(users.id, convaiTools.createdBy))
    .where(and(eq(convaiTools.workspaceId, workspaceId), eq(convaiTools.id, id)));
  return row && flatten(row);
}

/** The workspace's tools with these ids (what an agent's tool_ids name), in no particular order. */
export function toolsByIds(db: AppDb, workspaceId: string, ids: string[]): Promise<ToolRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(convaiTools)
    .where(and(eq(convaiTools.workspaceId, workspaceId), inArray(convaiTools.id, ids)));
}

/** Newest first; the cursor is `<created ms>_<id>` of the last row of the previous page. */
export async function listTools(
  db: AppDb,
  workspaceId: string,
  q: {
    limit: number;
    visible: VisibilityFilter;
    search?: string;
    types?: string[];
    ids?: string[];
    cursor?: { at: Date; id: string };
  },
): Promise<ToolWithCreator[]> {
  const where: (SQL | undefined)[] = [
    eq(convaiTools.workspaceId, workspaceId),
    visibleWhere(q.visible, convaiTools.id, convaiTools.createdBy),
  ];
  if (q.search) where.push(ilike(convaiTools.name, `%${q.search.replace(/[\\%_]/g, '\\$&')}%`));
  if (q.types?.length) where.push(inArray(convaiTools.type, q.types as ToolRow['type'][]));
  if (q.ids) where.push(q.ids.length ? inArray(convaiTools.id, q.ids) : sql`false`);
  if (q.cursor)
    where.push(
      or(
        lt(convaiTools.createdAt, q.cursor.at),
        and(eq(convaiTools.createdAt, q.cursor.at), lt(convaiTools.id, q.cursor.id)),
      )!,
    );
  const rows = await db
    .select(withCreator)
    .from(convaiTools)
    .leftJoin(users, eq(users.id, convaiTools.createdBy))
    .where(and(...where))
    .orderBy(desc(convaiTools.createdAt), desc(convaiTools.id))
    .limit(q.limit);
  return rows.map(flatten);
}

export async function updateTool(
  db: AppDb,
  workspaceId: string,
  id: string,
  set: Pick<ToolRow, 'type' | 'name' | 'toolConfig'>,
): Promise<boolean> {
  const rows = await db
    .update(convaiTools)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(convaiTools.workspaceId, workspaceId), eq(convaiTools.id, id)))
    .returning({ id: convaiTools.id });
  return rows.length > 0;
}

export async function deleteTool(db: AppDb, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(convaiTools)
    .where(and(eq(convaiTools.workspaceId, workspaceId), eq(convaiTools.id, id)))
    .returning({ id: convaiTools.id });
  return rows.length > 0;
}

/** Takes a tool out of the tool_ids of the workspace's agents that list it (a forced delete). */
export async function detachTool(db: AppDb, workspaceId: string, toolId: string): Promise<void> {
  const id = JSON.stringify(toolId);
  await db.execute(sql`
    update convai_agents
    set conversation_config = jsonb_set(
      conversation_config,
      '{agent,prompt,tool_ids}',
      coalesce(
        (select jsonb_agg(e) from jsonb_array_elements(conversation_config #> '{agent,prompt,tool_ids}') e
          where e <> ${id}::jsonb),
        '[]'::jsonb
      )
    )
    where workspace_id = ${workspaceId}
      and coalesce(conversation_config #> '{agent,prompt,tool_ids}', '[]'::jsonb) @> ${JSON.stringify([toolId])}::jsonb`);
}

/** The workspace's webhook tools whose headers name one of its secrets, one row per (tool, secret). */
export async function toolsUsingSecrets(
  db: AppDb,
  workspaceId: string,
): Promise<{ id: string; name: string; created_at: Date | string; secret_id: string }[]> {
  const result = await db.execute(sql`
    select distinct t.id, t.name, t.created_at, h.value ->> 'secret_id' as secret_id
    from convai_tools t,
      jsonb_each(
        case when jsonb_typeof(t.tool_config #> '{api_schema,request_headers}') = 'object'
          then t.tool_config #> '{api_schema,request_headers}' else '{}'::jsonb end
      ) h
    where t.workspace_id = ${workspaceId} and jsonb_typeof(h.value) = 'object' and h.value ? 'secret_id'
    order by t.created_at`);
  return (
    result as unknown as {
      rows: { id: string; name: string; created_at: Date | string; secret_id: string }[];
    }
  ).rows;
}

/** Agents of the workspace whose prompt lists the tool in tool_ids (dependent agents), oldest first. */
export async function dependentAgents(
  db: AppDb,
  workspaceId: string,
  toolId: string,
): Promise<{ id: string; name: string; created_at: Date | string }[]> {
  const result = await db.execute<{ id: string; name: string; created_at: Date | string }>(sql`
    select id, name, created_at from convai_agents
    where workspace_id = ${workspaceId}
      and coalesce(conversation_config #> '{agent,prompt,tool_ids}', '[]'::jsonb) @> ${JSON.stringify([toolId])}::jsonb
    order by created_at`);
  return (result as unknown as { rows: { id: string; name: string; created_at: Date | string }[] }).rows;
}

/** The tool ids an agent's stored prompt lists. */
export async function agentToolIds(db: AppDb, workspaceId: string, agentId: string): Promise<string[]> {
  const result = await db.execute<{ ids: unknown }>(sql`
    select conversation_config #> '{agent,prompt,tool_ids}' as ids from convai_agents
    where workspace_id = ${workspaceId} and id = ${agentId}`);
  const ids = (result as unknown as { rows: { ids: unknown }[] }).rows[0]?.ids;
  return Array.isArray(ids) ? ids.filter((i): i is string => typeof i === 'string') : [];
}
