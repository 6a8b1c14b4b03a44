import { z } from 'zod';
import { defineJob } from './job';

/**
 * Ends billing periods that are over: overage invoiced, the plan renewed, downgraded or ended, characters
 * reset. Scheduled at each subscription's period end (job key per workspace) and safe to run again.
 */
export const billingPeriodEndJob = defineJob({
  name: 'billing.period-end',
  payload: z.object({ workspaceId: z.string().optional() }),
  maxAttempts: 10,
  async perform({ workspaceId }, ctx) {
    // Imported here: the billing feature enqueues this job, so a static import would be circular.
    const { createBilling } = await import('../features/billing/billing.feature');
    const billing = createBilling({ db: ctx.db, config: ctx.config, bus: ctx.bus, log: ctx.log });
    if (workspaceId) await billing.periods.rollOver(workspaceId);
    else await billing.periods.runDue();
  },
});
