import { and, asc, desc, eq, gt, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { visibleWhere, type VisibilityFilter } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import { users } from '../../db/schema/auth';
import { convaiAgents } from '../../db/schema/conversational-ai';

export type AgentRow = typeof convaiAgents.$inferSelect;
export type AgentWithCreator = AgentRow & { creatorName: string | null; creatorEmail: string | null };

const withCreator = {
  agent: convaiAgents,
  creatorName: users.name,
  creatorEmail: users.email,
};

const flatten = (r: {
  agent: AgentRow;
  creatorName: string | null;
  creatorEmail: string | null;
}): AgentWithCreator => ({
  ...r.agent,
  creatorName: r.creatorName,
  creatorEmail: r.creatorEmail,
});

export async function insertAgent(db: AppDb, row: typeof convaiAgents.$inferInsert): Promise<void> {
  await db.insert(convaiAgents).values(row);
}

export async function findAgent(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<AgentWithCreator | undefined> {
  const [row] = await db
    .select(withCreator)
    .from(convaiAgents)
    .leftJoin(users, eq(users.id, convaiAgents.createdBy))
    .where(and(eq(convaiAgents.workspaceId, workspaceId), eq(convaiAgents.id, id)));
  return row && flatten(row);
}

/** An agent by id alone: the conversation socket finds public agents without a caller. */
export async function findAgentById(db: AppDb, id: string): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(convaiAgents).where(eq(convaiAgents.id, id));
  return row;
}

export async function updateAgent(
  db: AppDb,
  workspaceId: string,
  id: string,
  set: Partial<typeof convaiAgents.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(convaiAgents)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(convaiAgents.workspaceId, workspaceId), eq(convaiAgents.id, id)))
    .returning({ id: convaiAgents.id });
  return rows.length > 0;
}

export async function touchLastCall(db: AppDb, id: string): Promise<void> {
  await db.update(convaiAgents).set({ lastCallAt: new Date() }).where(eq(convaiAgents.id, id));
}

export async function deleteAgent(db: AppDb, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(convaiAgents)
    .where(and(eq(convaiAgents.workspaceId, workspaceId), eq(convaiAgents.id, id)))
    .returning({ id: convaiAgents.id });
  return rows.length > 0;
}

/** Keyset page: the cursor is the last row's sort value and id. */
export async function listAgents(
  db: AppDb,
  workspaceId: string,
  q: {
    limit: number;
    search?: string;
    sortBy: 'name' | 'created_at';
    direction: 'asc' | 'desc';
    after?: { value: string; id: string };
    archived?: boolean;
    /** Shared resources (decision 165): which agents the caller sees. */
    visible?: VisibilityFilter;
  },
): Promise<AgentWithCreator[]> {
  const column = q.sortBy === 'name' ? convaiAgents.name : convaiAgents.createdAt;
  const conditions: (SQL | undefined)[] = [
    eq(convaiAgents.workspaceId, workspaceId),
    visibleWhere(q.visible ?? null, convaiAgents.id, convaiAgents.createdBy),
  ];
  if (q.search) conditions.push(ilike(convaiAgents.name, `%${q.search.replace(/[\\%_]/g, '\\$&')}%`));
  if (q.archived !== undefined)
    conditions.push(
      sql`coalesce((${convaiAgents.platformSettings}->>'archived')::boolean, false) = ${q.archived}`,
    );
  if (q.after) {
    const value = q.sortBy === 'name' ? q.after.value : new Date(q.after.value);
    const cmp = q.direction === 'asc' ? gt : lt;
    conditions.push(or(cmp(column, value), and(eq(column, value), cmp(convaiAgents.id, q.after.id))));
  }
  const order = q.direction === 'asc' ? asc : desc;
  const rows = await db
    .select(withCreator)
    .from(convaiAgents)
    .leftJoin(users, eq(users.id, convaiAgents.createdBy))
    .where(and(...conditions))
    .orderBy(order(column), order(convaiAgents.id))
    .limit(q.limit);
  return rows.map(flatten);
}
