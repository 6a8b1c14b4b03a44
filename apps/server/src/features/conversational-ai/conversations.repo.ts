import { and, count, desc, eq, getTableColumns, gt, gte, sql, type SQL } from 'drizzle-orm';
import { visibleWhere, type VisibilityFilter } from '../../auth/resource-access';
import type { AppDb } from '../../db/client';
import { convaiAgents, convaiConversations } from '../../db/schema/conversational-ai';
import { workspaces } from '../../db/schema/workspaces';

export type ConversationRow = typeof convaiConversations.$inferSelect;
/** A conversation with the creator of its agent (null when the agent is gone): whose sharing decides who sees it. */
export type ConversationWithAgent = ConversationRow & { agentCreatedBy: string | null };

/** The agent a conversation belongs to, joined for its creator (a conversation outlives its agent). */
const agentOf = and(
  eq(convaiAgents.id, convaiConversations.agentId),
  eq(convaiAgents.workspaceId, convaiConversations.workspaceId),
);
const withAgent = { ...getTableColumns(convaiConversations), agentCreatedBy: convaiAgents.createdBy };

/** A running conversation whose heartbeat is older than this no longer counts (its node stopped). */
const STALE = sql`interval '45 seconds'`;

/**
 * Starts a conversation if the workspace is under its limits: the count of running conversations and the
 * month's seconds are read and the row inserted under a per-workspace advisory lock, so two calls cannot both
 * take the last place (decision 153).
 */
export async function startConversation(
  db: AppDb,
  row: typeof convaiConversations.$inferInsert,
  limits: { concurrency: number; monthStart: Date },
  allow: (running: number, usedSeconds: number) => 'ok' | 'concurrency' | 'minutes',
): Promise<'ok' | 'concurrency' | 'minutes'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`convai:${row.workspaceId}`}))`);
    const [running] = await tx
      .select({ n: count() })
      .from(convaiConversations)
      .where(
        and(
          eq(convaiConversations.workspaceId, row.workspaceId),
          eq(convaiConversations.status, 'in-progress'),
          gt(convaiConversations.heartbeatAt, sql`now() - ${STALE}`),
        ),
      );
    const [used] = await tx
      .select({
        s: sql<number>`coalesce(sum(ceil(${convaiConversations.durationSeconds})), 0)`.mapWith(Number),
      })
      .from(convaiConversations)
      .where(
        and(
          eq(convaiConversations.workspaceId, row.workspaceId),
          gte(convaiConversations.startedAt, limits.monthStart),
        ),
      );
    const verdict = allow(running!.n, used!.s);
    if (verdict === 'ok') await tx.insert(convaiConversations).values(row);
    return verdict;
  });
}

export async function heartbeat(db: AppDb, id: string, durationSeconds: number): Promise<void> {
  await db
    .update(convaiConversations)
    .set({ heartbeatAt: new Date(), durationSeconds })
    .where(eq(convaiConversations.id, id));
}

export async function finishConversation(
  db: AppDb,
  id: string,
  set: Pick<
    ConversationRow,
    'status' | 'transcript' | 'metadata' | 'durationSeconds' | 'terminationReason' | 'audioPath' | 'hasAudio'
  >,
): Promise<void> {
  await db.update(convaiConversations).set(set).where(eq(convaiConversations.id, id));
}

/** Stores the post-call analysis in the record's metadata (decision 191). */
export async function setAnalysis(db: AppDb, id: string, analysis: Record<string, unknown>): Promise<void> {
  await db
    .update(convaiConversations)
    .set({ metadata: sql`${convaiConversations.metadata} || ${JSON.stringify({ analysis })}::jsonb` })
    .where(eq(convaiConversations.id, id));
}

export async function findConversation(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<ConversationWithAgent | undefined> {
  const [row] = await db
    .select(withAgent)
    .from(convaiConversations)
    .leftJoin(convaiAgents, agentOf)
    .where(and(eq(convaiConversations.workspaceId, workspaceId), eq(convaiConversations.id, id)));
  return row;
}

/**
 * A page of the workspace's conversations, newest first, only those whose agent the caller may read
 * (`visible`, decision 260): the agent's grants are keyed by its id, which every conversation keeps.
 */
export function listConversations(
  db: AppDb,
  workspaceId: string,
  q: {
    limit: number;
    visible: VisibilityFilter;
    agentId?: string;
    before?: { startedAt: Date; id: string };
  },
): Promise<ConversationWithAgent[]> {
  const conditions: (SQL | undefined)[] = [
    eq(convaiConversations.workspaceId, workspaceId),
    visibleWhere(q.visible, convaiConversations.agentId, convaiAgents.createdBy),
  ];
  if (q.agentId) conditions.push(eq(convaiConversations.agentId, q.agentId));
  if (q.before)
    conditions.push(
      sql`(${convaiConversations.startedAt}, ${convaiConversations.id}) < (${q.before.startedAt}, ${q.before.id})`,
    );
  return db
    .select(withAgent)
    .from(convaiConversations)
    .leftJoin(convaiAgents, agentOf)
    .where(and(...conditions))
    .orderBy(desc(convaiConversations.startedAt), desc(convaiConversations.id))
    .limit(q.limit);
}

export async function deleteConversation(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .delete(convaiConversations)
    .where(and(eq(convaiConversations.workspaceId, workspaceId), eq(convaiConversations.id, id)))
    .returning();
  return row;
}

/** Seconds of conversation the workspace used since `since` (started seconds). */
export async function usedSeconds(db: AppDb, workspaceId: string, since: Date): Promise<number> {
  const [r] = await db
    .select({
      s: sql<number>`coalesce(sum(ceil(${convaiConversations.durationSeconds})), 0)`.mapWith(Number),
    })
    .from(convaiConversations)
    .where(and(eq(convaiConversations.workspaceId, workspaceId), gte(convaiConversations.startedAt, since)));
  return r!.s;
}

/** The workspace's subscription tier (the plan its limits come from). */
export async function workspaceTier(db: AppDb, workspaceId: string): Promise<string> {
  const [row] = await db
    .select({ tier: workspaces.subscriptionTier })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.tier ?? 'free';
}
