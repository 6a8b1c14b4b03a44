import { sql } from 'drizzle-orm';
import os from 'node:os';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { rateLimits } from '../db/schema/rate-limits';
import { EventBus } from '../live/event-bus';
import { LocalFileStorage } from '../storage/local-files';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { rateLimitsPruneJob } from './rate-limits-prune.job';
import { hitRateLimit } from './rate-limits.repo';

describe(`pruning expired rate-limit counters on ${process.env.TEST_DB}`, () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb?.drop());

  it('removes counters whose window ran out before the longest window, keeps the others counting', async () => {
    const db = testDb.database.db;
    const startedAgo = (key: string, seconds: number) =>
      db.insert(rateLimits).values({
        key,
        count: 4,
        windowStartedAt: sql`now() - make_interval(secs => ${seconds})`,
      });
    await startedAgo('sign-in:old@example.com', 7200);
    await startedAgo('mail:ip:10.0.0.1', 1800); // inside the mail window (1 h) though past sign-in's (15 min)
    await hitRateLimit(db, 'sign-in:new@example.com', 900);
    await rateLimitsPruneJob.perform(
      {},
      {
        db,
        config: { signInLimits: { windowSeconds: 900 }, mailLimits: { windowSeconds: 3600 } } as Config,
        bus: new EventBus(),
        files: new LocalFileStorage(os.tmpdir()),
        log: pino({ level: 'silent' }),
        attempt: 1,
        maxAttempts: 3,
      },
    );
    const left = await db.select({ key: rateLimits.key, count: rateLimits.count }).from(rateLimits);
    expect(left.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: 'mail:ip:10.0.0.1', count: 4 },
      { key: 'sign-in:new@example.com', count: 1 },
    ]);
  });
});
