import { z } from 'zod';
import type { AppDb } from '../db/client';
import { defineJob, jobSpec } from '../jobs/job';
import { enqueue } from '../jobs/queue';

const fileDeletion = jobSpec({
  name: 'files.delete',
  payload: z.object({ keys: z.array(z.string()).min(1) }),
  maxAttempts: 12,
});

/** Keys per job: a deleted account's history may hold thousands of files. */
const BATCH = 500;

/**
 * Deletes files once the rows that pointed at them are gone: enqueued in the transaction that removes
 * the rows (pass `tx`), so a file is never orphaned by a crash or a store that is down at that moment,
 * and retried with back-off until the store answers. Deleting a missing file is not an error.
 */
export async function discardFiles(tx: AppDb, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += BATCH) {
    await enqueue(tx, fileDeletion, { keys: keys.slice(i, i + BATCH) });
  }
}

export const fileDeletionJob = defineJob({
  ...fileDeletion,
  async perform({ keys }, ctx) {
    for (const key of keys) await ctx.files.delete(key);
  },
});
