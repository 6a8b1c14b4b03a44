import { z } from 'zod';
import { defineJob } from '../jobs/job';
import { pruneRateLimits } from './rate-limits.repo';

/**
 * Hourly: removes sign-in and mail counters whose window has run out, so `rate_limits` holds only the
 * keys seen in the longest window instead of every address and IP ever seen.
 */
export const rateLimitsPruneJob = defineJob({
  name: 'maintenance.prune-rate-limits',
  payload: z.object({}),
  maxAttempts: 3,
  cron: '17 * * * *',
  async perform(_payload, ctx) {
    const longest = Math.max(ctx.config.signInLimits.windowSeconds, ctx.config.mailLimits.windowSeconds);
    const pruned = await pruneRateLimits(ctx.db, longest);
    if (pruned) ctx.log.info({ pruned }, 'expired rate-limit counters removed');
  },
});
