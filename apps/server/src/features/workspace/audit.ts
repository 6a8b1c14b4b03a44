import { and, desc, eq, gte, lt, lte, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditLogEntry, AuditLogPage } from '@vocalis/contracts/workspace';
import type { AppDb } from '../../db/client';
import { auditLogEntries } from '../../db/schema/workspace-admin';
import { newId } from '../../lib/ids';

/** Where a change came from: the request's address and user agent. */
export type AuditOrigin = { ip: string | null; userAgent: string | null; method?: string; path?: string };

export const originOf = (request: FastifyRequest): AuditOrigin => ({
  ip: request.ip ?? null,
  userAgent: (request.headers['user-agent'] as string | undefined)?.slice(0, 500) ?? null,
  method: request.method,
  path: request.url.split('?')[0]!.slice(0, 500),
});

/** One administrative change (decision 112). Any feature may record one: `recordAudit(db, {...})`. */
export type AuditRecord = {
  workspaceId: string;
  actor: { userId: string | null; email: string | null };
  /** What happened, snake_case: member_invited, member_role_changed, api_key_created, plan_changed … */
  activity: string;
  /** The area: workspace_member, workspace_invite, workspace_group, workspace_settings, api_key, billing. */
  className: string;
  message: string;
  metadata?: Record<string, unknown>;
  origin?: AuditOrigin;
};

/** Writes one audit entry; pass the transaction of the change so both commit or neither. */
export async function recordAudit(db: AppDb, entry: AuditRecord): Promise<void> {
  await db.insert(auditLogEntries).values({
    id: newId(),
    workspaceId: entry.workspaceId,
    actorUserId: entry.actor.userId,
    actorEmail: entry.actor.email,
    activityName: entry.activity,
    className: entry.className,
    message: entry.message,
    metadata: entry.metadata ?? {},
    ip: entry.origin?.ip ?? null,
    userAgent: entry.origin?.userAgent ?? null,
    httpMethod: entry.origin?.method ?? null,
    urlPath: entry.origin?.path ?? null,
  });
}

// OCSF-like activity ids the SDK's entry carries: 1 create, 2 read, 3 update, 4 delete, 99 other.
const ACTIVITY_IDS: [RegExp, number][] = [
  [/(created|invited|added|accepted|shared)$/, 1],
  [/(updated|changed|switched|locked|unlocked|renamed|transferred)$/, 3],
  [/(deleted|removed|revoked|declined|left|unshared)$/, 4],
];
const activityId = (name: string) => ACTIVITY_IDS.find(([re]) => re.test(name))?.[1] ?? 99;

type Row = typeof auditLogEntries.$inferSelect;

function present(row: Row): AuditLogEntry {
  return {
    id: row.id,
    time: row.createdAt.getTime(),
    time_dt: row.createdAt.toISOString(),
    activity_id: activityId(row.activityName),
    activity_name: row.activityName,
    class_name: row.className,
    status_id: 1,
    message: row.message,
    metadata: row.metadata,
    actor: {
      user: { uid: row.actorUserId ?? undefined, email_addr: row.actorEmail ?? undefined, type: 'user' },
    },
    device: { ip: row.ip ?? undefined },
    http_request: {
      http_method: row.httpMethod ?? '',
      url: { path: row.urlPath ?? undefined },
      user_agent: row.userAgent ?? undefined,
    },
  };
}

/** The cursor is the last entry's time and id ("<ms>_<id>"), newest first. */
const cursorOf = (row: Row) => `${row.createdAt.getTime()}_${row.id}`;
function parseCursor(cursor: string | undefined): { at: Date; id: string } | null {
  const m = cursor ? /^(\d{1,15})_([A-Za-z0-9_-]{1,64})$/.exec(cursor) : null;
  return m ? { at: new Date(Number(m[1])), id: m[2]! } : null;
}

export type AuditQuery = {
  limit: number;
  cursor?: string;
  time_from_unix_ms?: number;
  time_to_unix_ms?: number;
  actor_uid?: string;
  class_name?: string;
  activity_name?: string;
};

/** A page of the workspace's audit log, newest first. */
export async function listAudit(db: AppDb, workspaceId: string, q: AuditQuery): Promise<AuditLogPage> {
  const where: SQL[] = [eq(auditLogEntries.workspaceId, workspaceId)];
  const cursor = parseCursor(q.cursor);
  if (cursor) {
    where.push(
      or(
        lt(auditLogEntries.createdAt, cursor.at),
        and(eq(auditLogEntries.createdAt, cursor.at), lt(auditLogEntries.id, cursor.id)),
      )!,
    );
  }
  if (q.time_from_unix_ms !== undefined)
    where.push(gte(auditLogEntries.createdAt, new Date(q.time_from_unix_ms)));
  if (q.time_to_unix_ms !== undefined)
    where.push(lte(auditLogEntries.createdAt, new Date(q.time_to_unix_ms)));
  if (q.actor_uid) where.push(eq(auditLogEntries.actorUserId, q.actor_uid));
  if (q.class_name) where.push(eq(auditLogEntries.className, q.class_name));
  if (q.activity_name) where.push(eq(auditLogEntries.activityName, q.activity_name));
  const rows = await db
    .select()
    .from(auditLogEntries)
    .where(and(...where))
    .orderBy(desc(auditLogEntries.createdAt), desc(auditLogEntries.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const hasMore = rows.length > q.limit;
  return {
    entries: page.map(present),
    has_more: hasMore,
    next_cursor: hasMore ? cursorOf(page[page.length - 1]!) : null,
  };
}
