import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { serverNodes } from '../db/schema/nodes';
import { reclaimOrphans } from '../features/usage/reservations.repo';
import { abandonedJobLockers, forceUnlockWorkers } from '../jobs/job-locks.repo';
import { deadNodes, deleteNodes, liveNodeIds } from './nodes.repo';

export type Reclaimed = { nodes: number; reservations: number; jobLockers: number };

/**
 * Gives back what dead processes held (decision 028): their generation reservations (characters refunded,
 * slots freed) and their graphile-worker job locks (the jobs run again on a live worker), then forgets
 * the dead nodes. Every step is safe to run on several nodes at once and again after a crash midway.
 * `everyOther`: this process holds the database alone (PGlite's data-directory lock), so every other node
 * is dead whatever its lease says.
 */
export async function reclaimDeadNodes(
  db: AppDb,
  self: string,
  opts: { everyOther?: boolean } = {},
): Promise<Reclaimed> {
  const everyOther = opts.everyOther ?? false;
  const dead = await deadNodes(db, self, everyOther);
  const live = everyOther ? sql`SELECT ${self}` : liveNodeIds(self);
  const reservations = await reclaimOrphans(db, live);
  const lockers = await abandonedJobLockers(db, {
    deadPools: dead.flatMap((n) => n.workerPoolIds),
    livePools: sql`SELECT unnest(${serverNodes.workerPoolIds}) FROM ${serverNodes} WHERE ${serverNodes.id} IN (${live})`,
    everyOther,
  });
  await forceUnlockWorkers(db, lockers);
  await deleteNodes(
    db,
    dead.map((n) => n.id),
  );
  return { nodes: dead.length, reservations, jobLockers: lockers.length };
}
