import { inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { rateLimits } from '../db/schema/rate-limits';

const windowStart = (windowSeconds: number) => sql`now() - make_interval(secs => ${windowSeconds})`;
const expired = (windowSeconds: number) =>
  sql`${rateLimits.windowStartedAt} <= ${windowStart(windowSeconds)}`;

/** One more hit on `key`, or the first of a new window when the current one has run out. */
const nextCount = (windowSeconds: number) => ({
  count: sql`CASE WHEN ${expired(windowSeconds)} THEN 1 ELSE ${rateLimits.count} + 1 END`,
  windowStartedAt: sql`CASE WHEN ${expired(windowSeconds)} THEN now() ELSE ${rateLimits.windowStartedAt} END`,
});

/** Counts one hit on `key` in a fixed window, atomically (several nodes may race); returns the count. */
export async function hitRateLimit(db: AppDb, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({ target: rateLimits.key, set: nextCount(windowSeconds) })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

export type RateLimit = { key: string; limit: number };

class LimitReached extends Error {}

/**
 * Takes one hit on every key, or on none when any of them has reached its limit in its current window.
 * Each key is one conditional upsert (the row lock makes concurrent takers queue, and each sees the count
 * the previous one left); the transaction undoes the keys already taken when a later one is full. Keys are
 * taken in sorted order so two takers never wait on each other's rows (no deadlock on PostgreSQL).
 */
export async function takeRateLimits(
  db: AppDb,
  limits: RateLimit[],
  windowSeconds: number,
): Promise<boolean> {
  if (!limits.length) return true;
  const sorted = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  try {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as AppDb;
      for (const { key, limit } of sorted) {
        const taken = await tx
          .insert(rateLimits)
          .values({ key, count: 1, windowStartedAt: sql`now()` })
          .onConflictDoUpdate({
            target: rateLimits.key,
            set: nextCount(windowSeconds),
            setWhere: sql`${expired(windowSeconds)} OR ${rateLimits.count} < ${limit}`,
          })
          .returning({ count: rateLimits.count });
        if (!taken.length) throw new LimitReached();
      }
    });
    return true;
  } catch (err) {
    if (err instanceof LimitReached) return false;
    throw err;
  }
}

/** Gives back one hit on each key (a reserved attempt that turned out not to count). */
export async function releaseRateLimits(db: AppDb, keys: string[]): Promise<void> {
  if (!keys.length) return;
  await db
    .update(rateLimits)
    .set({ count: sql`GREATEST(${rateLimits.count} - 1, 0)` })
    .where(inArray(rateLimits.key, keys));
}

/** Deletes the counters whose window ended more than `windowSeconds` ago (a missing row counts as zero). */
export async function pruneRateLimits(db: AppDb, windowSeconds: number): Promise<number> {
  const gone = await db.delete(rateLimits).where(expired(windowSeconds)).returning({ key: rateLimits.key });
  return gone.length;
}
