import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDb } from '../db/client';
import type { JobSpec } from './job';

/**
 * Adds a job in the caller's transaction (pass `tx`), so the job exists exactly when the rows it
 * works on do. Requires graphile-worker's schema, installed at start by `migrateJobs`.
 */
export async function enqueue<S extends z.ZodType>(
  db: AppDb,
  job: JobSpec<S>,
  payload: z.infer<S>,
  opts: { runAt?: Date; jobKey?: string } = {},
): Promise<void> {
  const data = job.payload.parse(payload);
  await db.execute(
    sql`select graphile_worker.add_job(${job.name}, ${JSON.stringify(data)}::json, max_attempts => ${job.maxAttempts}, run_at => ${opts.runAt?.toISOString() ?? null}::timestamptz, job_key => ${opts.jobKey ?? null})`,
  );
}
