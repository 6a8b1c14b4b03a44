import { sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/client';

/** A text[] parameter (pool ids are plain `pool-<hex>` strings). */
const textArray = (ids: string[]) => sql`${`{${ids.map((id) => JSON.stringify(id)).join(',')}}`}::text[]`;

/** How long a lock by a worker pool that no node recorded (it died while starting) is left alone. */
const UNRECORDED_POOL_GRACE = sql`interval '1 minute'`;

/**
 * graphile-worker pools holding job locks for processes that are gone (decision 028): the pools of dead
 * nodes, any pool at all when `everyOther` (this process holds the database alone), and pools no live
 * node recorded whose lock is older than a minute. graphile-worker itself frees a lock only after 4 hours.
 */
export async function abandonedJobLockers(
  db: AppDb,
  input: { deadPools: string[]; livePools: SQL; everyOther: boolean },
): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT DISTINCT locked_by AS id FROM graphile_worker.jobs
    WHERE locked_by IS NOT NULL
      AND locked_by NOT IN (${input.livePools})
      AND (${input.everyOther} OR locked_by = ANY(${textArray(input.deadPools)})
        OR locked_at < now() - ${UNRECORDED_POOL_GRACE})`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

/** Releases the pools' jobs (and job queues) so live workers run them again: graphile-worker's own call. */
export async function forceUnlockWorkers(db: AppDb, poolIds: string[]): Promise<void> {
  if (poolIds.length === 0) return;
  await db.execute(sql`select graphile_worker.force_unlock_workers(${textArray(poolIds)})`);
}
