import { z } from 'zod';
import { defineJob } from '../../jobs/job';
import { discardFiles } from '../../storage/file-deletion.job';
import { deleteExpiredPreviews } from './voice-design.repo';

/** Rows per transaction: a busy hour of voice design leaves a few thousand previews. */
const BATCH = 500;

/**
 * Every ten minutes: removes voice design previews past their expiry (decision 075) and hands their
 * audio files to the file deletion job in the same transaction, so neither rows nor files are left.
 */
export const voicePreviewsPruneJob = defineJob({
  name: 'maintenance.prune-voice-previews',
  payload: z.object({}),
  maxAttempts: 3,
  cron: '*/10 * * * *',
  async perform(_payload, ctx) {
    let pruned = 0;
    for (;;) {
      const keys = await ctx.db.transaction(async (tx) => {
        const gone = await deleteExpiredPreviews(tx, new Date(), BATCH);
        if (gone.length) await discardFiles(tx, gone);
        return gone;
      });
      pruned += keys.length;
      if (keys.length < BATCH) break;
    }
    if (pruned) ctx.log.info({ pruned }, 'expired voice design previews removed');
  },
});
