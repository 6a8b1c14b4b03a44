import { and, eq, gt, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { rateLimits } from '../db/schema/rate-limits';

const windowStart = (windowSeconds: number) => sql`now() - make_interval(secs => ${windowSeconds})`;

/** Counts one hit on `key` in a fixed window, atomically (several nodes may race); returns the count. */
export async function hitRateLimit(db: AppDb, key: string, windowSeconds: number): Promise<number> {
  const expired = sql`${rateLimits.windowStartedAt} <= ${windowStart(windowSeconds)}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStartedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${rateLimits.windowStartedAt} END`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

/** The hits on `key` in its current window (0 when none or the window has run out). */
export async function peekRateLimit(db: AppDb, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.windowStartedAt, windowStart(windowSeconds))));
  return row?.count ?? 0;
}

export async function clearRateLimit(db: AppDb, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
