import type { FastifyBaseLogger } from 'fastify';
import { EventEmitter } from 'node:events';
import {
  Logger,
  parseCronItems,
  run,
  runMigrations,
  type Runner,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { EventBus } from '../live/event-bus';
import type { JobDefinition } from './job';
import { FEATURES } from '../features/features';
import { rateLimitsPruneJob } from '../auth/rate-limits-prune.job';
import { createFileStorage } from '../storage/create-file-storage';
import { fileDeletionJob } from '../storage/file-deletion.job';
import type { FileStorage } from '../storage/file-storage';
import { mailDeliveryJob } from './mail-delivery.job';

/** Every job the worker runs: mail delivery, maintenance, and the jobs each feature declares. */
export const jobs: JobDefinition[] = [
  mailDeliveryJob,
  fileDeletionJob,
  rateLimitsPruneJob,
  ...FEATURES.flatMap((f) => f.jobs ?? []),
];

const graphileLogger = (log: FastifyBaseLogger) =>
  new Logger(() => (level, message, meta) => {
    const l = level === 'error' ? 'error' : level === 'warning' ? 'warn' : 'debug';
    log[l]({ meta }, message);
  });

/** Installs or upgrades graphile-worker's own schema (separate from our drizzle migrations). */
export async function migrateJobs(database: Database, log: FastifyBaseLogger): Promise<void> {
  await runMigrations({ connectionString: await database.connectionString(), logger: graphileLogger(log) });
}

/** Starts a worker over the same database; `stop()` lets running jobs finish. */
export async function startWorker(
  database: Database,
  deps: {
    config: Config;
    bus: EventBus;
    log: FastifyBaseLogger;
    /** The process's node: notes the worker pool's id, so the jobs it locks are released if it dies. */
    node: { addWorkerPool(poolId: string): void };
    /** The jobs to run; every job of the product unless a test gives its own. */
    jobs?: JobDefinition[];
    /** The API's own file store when the worker runs in its process; otherwise STORAGE_URL's is opened. */
    files?: FileStorage;
  },
): Promise<Runner> {
  const taskList: TaskList = {};
  const list = deps.jobs ?? jobs;
  const storage = deps.files
    ? { files: deps.files, close: () => undefined }
    : createFileStorage(deps.config.storage);
  for (const job of list) {
    taskList[job.name] = async (raw, helpers) => {
      const payload = job.payload.parse(raw);
      await job.perform(payload, {
        db: database.db,
        config: deps.config,
        bus: deps.bus,
        files: storage.files,
        log: deps.log.child({ job: job.name, jobId: helpers.job.id }),
        attempt: helpers.job.attempts,
        maxAttempts: helpers.job.max_attempts,
      });
    };
  }
  // Our own pool, so its error handlers outlive the runner: graphile-worker removes its handlers when it
  // stops, and a connection the server terminates while the pool is still ending (a database dropped
  // or restarted) would otherwise raise an unhandled 'error' and take the process down.
  const pgPool = new pg.Pool({
    connectionString: await database.connectionString(),
    max: deps.config.worker.concurrency + 2,
  });
  const lost = (err: Error) => deps.log.warn({ err }, 'job database connection lost');
  pgPool.on('error', lost);
  pgPool.on('connect', (client) => client.on('error', lost));
  const events: WorkerEvents = new EventEmitter();
  events.on('pool:create', ({ workerPool }) => deps.node.addWorkerPool(workerPool.id));
  const runner = await run({
    pgPool,
    events,
    concurrency: deps.config.worker.concurrency,
    // Over the embedded socket all connections share one session: named prepared statements collide.
    noPreparedStatements: database.kind === 'pglite',
    pollInterval: database.kind === 'pglite' ? 250 : 2000,
    taskList,
    // As items, not crontab text: a crontab line's task name may not contain the dots ours have.
    parsedCronItems: parseCronItems(
      list.filter((j) => j.cron).map((j) => ({ task: j.name, match: j.cron!, identifier: j.name })),
    ),
    logger: graphileLogger(deps.log),
    noHandleSignals: true,
    // Completions and failures go through graphile-worker's batcher, which stop() waits for. Unbatched
    // (the default) they are fire-and-forget: a job finishing during stop() asked our pool for a client
    // that pool.end() never handed out, and the job stayed locked for 4 hours with no error.
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
  }).catch(async (err: unknown) => {
    await pgPool.end().catch(() => undefined);
    storage.close();
    throw err;
  });
  const stop = runner.stop.bind(runner);
  runner.stop = async () => {
    await stop();
    await pgPool.end().catch(() => undefined);
    storage.close();
  };
  return runner;
}
