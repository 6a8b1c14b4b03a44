import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { serverNodes } from '../db/schema/nodes';

const n = serverNodes;

/**
 * A node is dead when its lease has run out, or (PostgreSQL) when its presence connection is gone from
 * pg_stat_activity: the connection closes with the process, so a killed process is noticed at once.
 */
const dead = sql`(${n.leaseExpiresAt} < now() OR (${n.backendPid} IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.pid = ${n.backendPid})))`;

/** The ids of live nodes, as a subquery (`self` always counts as live). */
export const liveNodeIds = (self: string): SQL =>
  sql`SELECT ${n.id} FROM ${n} WHERE ${n.id} = ${self} OR NOT ${dead}`;

export async function registerNode(
  db: AppDb,
  row: {
    id: string;
    kind: 'api' | 'worker';
    hostname: string;
    pid: number;
    leaseSeconds: number;
    backendPid: number | null;
    workerPoolIds: string[];
  },
): Promise<void> {
  const values = {
    id: row.id,
    kind: row.kind,
    hostname: row.hostname,
    pid: row.pid,
    leaseExpiresAt: sql`now() + make_interval(secs => ${row.leaseSeconds})`,
    backendPid: row.backendPid,
    workerPoolIds: row.workerPoolIds,
  };
  await db
    .insert(n)
    .values(values)
    .onConflictDoUpdate({
      target: n.id,
      set: {
        heartbeatAt: sql`now()`,
        leaseExpiresAt: values.leaseExpiresAt,
        backendPid: row.backendPid,
        workerPoolIds: row.workerPoolIds,
      },
    });
}

/** Renews the lease; false when the row is gone (another node took this one for dead and removed it). */
export async function heartbeat(db: AppDb, id: string, leaseSeconds: number): Promise<boolean> {
  const rows = await db
    .update(n)
    .set({ heartbeatAt: sql`now()`, leaseExpiresAt: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(eq(n.id, id))
    .returning({ id: n.id });
  return rows.length > 0;
}

export async function addWorkerPool(db: AppDb, id: string, poolId: string): Promise<void> {
  await db
    .update(n)
    .set({ workerPoolIds: sql`array_append(${n.workerPoolIds}, ${poolId})` })
    .where(eq(n.id, id));
}

/** Other nodes that are dead (`everyOther`: all of them, when this process holds the database alone). */
export async function deadNodes(
  db: AppDb,
  self: string,
  everyOther: boolean,
): Promise<{ id: string; workerPoolIds: string[] }[]> {
  return db
    .select({ id: n.id, workerPoolIds: n.workerPoolIds })
    .from(n)
    .where(and(ne(n.id, self), everyOther ? undefined : dead));
}

export async function deleteNodes(db: AppDb, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(n).where(inArray(n.id, ids));
}

/** Whether this connection sees the server process `pid` in pg_stat_activity (other sessions may be hidden). */
export async function backendVisible(db: AppDb, pid: number): Promise<boolean> {
  const result = await db.execute(sql`select 1 from pg_stat_activity where pid = ${pid}`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}
