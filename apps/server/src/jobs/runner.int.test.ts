import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { EventBus } from '../live/event-bus';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { waitFor } from '../testing/wait-for';
import { defineJob } from './job';
import { enqueue } from './queue';
import { migrateJobs, startWorker } from './runner';

describe(`the job runner's clean stop on ${process.env.TEST_DB}`, () => {
  let testDb: TestDatabase;
  const log = pino({ level: 'silent' });
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'vocalis-runner-'));
  const config = { worker: { concurrency: 1 }, storage: { kind: 'local', dir: filesDir } } as Config;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await migrateJobs(testDb.database, log);
  });
  afterAll(async () => {
    await testDb?.drop();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('stopped while four workers take short jobs, leaves none locked (ten stops in a row)', async () => {
    let done = 0;
    const quick = defineJob({
      name: 'test.quick',
      payload: z.object({ n: z.number() }),
      maxAttempts: 3,
      async perform() {
        await new Promise((resolve) => setTimeout(resolve, 20));
        done++;
      },
    });
    for (let round = 0; round < 10; round++) {
      const runner = await startWorker(testDb.database, {
        config: { ...config, worker: { inProcess: true, concurrency: 4 } },
        bus: new EventBus(),
        log,
        node: { addWorkerPool: () => undefined },
        jobs: [quick],
      });
      const before = done;
      for (let n = 0; n < 40; n++) await enqueue(testDb.database.db, quick, { n });
      // Stopped while jobs are still being taken and finished.
      await waitFor(() => done >= before + 5, 30_000);
      await runner.stop();
      const { rows } = (await testDb.database.db.execute(
        sql`select id, attempts, last_error from graphile_worker.jobs where locked_by is not null`,
      )) as unknown as { rows: unknown[] };
      expect(rows).toEqual([]);
    }
  }, 120_000);

  it("registers each scheduled job with graphile-worker's cron", async () => {
    const hourly = defineJob({
      name: 'test.hourly',
      payload: z.object({}),
      maxAttempts: 1,
      cron: '5 * * * *',
      perform: async () => undefined,
    });
    const runner = await startWorker(testDb.database, {
      config,
      bus: new EventBus(),
      log,
      node: { addWorkerPool: () => undefined },
      jobs: [hourly],
    });
    try {
      const known = async () =>
        (
          (await testDb.database.db.execute(
            sql`select identifier from graphile_worker._private_known_crontabs`,
          )) as unknown as { rows: { identifier: string }[] }
        ).rows.map((r) => r.identifier);
      await waitFor(async () => (await known()).includes('test.hourly'), 30_000);
    } finally {
      await runner.stop();
    }
  });
});
