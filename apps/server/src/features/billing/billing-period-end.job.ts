import { defineJob } from '../../jobs/job';
import { billingPeriodEndSpec } from './billing-jobs';
import { createBilling } from './create-billing';

/** Runs one workspace's period end, or every due one when no workspace is named. */
export const billingPeriodEndJob = defineJob({
  ...billingPeriodEndSpec,
  async perform({ workspaceId }, ctx) {
    const billing = createBilling({ db: ctx.db, config: ctx.config, bus: ctx.bus, log: ctx.log });
    if (workspaceId) await billing.periods.rollOver(workspaceId);
    else await billing.periods.runDue();
  },
});
