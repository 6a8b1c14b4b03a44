import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';

/** Advisory-lock class of billing changes (the migration lock is a different, single-key lock). */
const BILLING_LOCK_CLASS = 7_346_022;

const queues = new Map<string, Promise<void>>();

/**
 * Runs `fn` while no other subscription change of the workspace runs (decision 020): a change reads the
 * plan, asks the card processor and stores the answer, so two at once could upgrade twice or mix states.
 * Within this process the changes queue per workspace; on PostgreSQL a transaction-scoped advisory lock
 * (held on its own connection while `fn` works through the pool) also queues other server processes.
 * PGlite is opened by one process only (its data-directory lock), so the queue is the whole lock there;
 * an open transaction would also stop every other PGlite query, including `fn`'s own.
 * `fn` must not take this lock again for the same workspace.
 */
export async function serializeBilling<T>(db: AppDb, workspaceId: string, fn: () => Promise<T>): Promise<T> {
  const before = queues.get(workspaceId) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = before.then(() => mine);
  queues.set(workspaceId, tail);
  await before;
  try {
    if (isPglite(db)) return await fn();
    let out!: T;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${BILLING_LOCK_CLASS}, hashtext(${workspaceId}))`);
      out = await fn();
    });
    return out;
  } finally {
    release();
    if (queues.get(workspaceId) === tail) queues.delete(workspaceId);
  }
}

const isPglite = (db: AppDb) => (db as unknown as { $client?: unknown }).$client instanceof PGlite;
