import { z } from 'zod';
import { jobSpec } from '../../jobs/job';

/**
 * Ends billing periods that are over: overage invoiced, the plan renewed, downgraded or ended, characters
 * reset. Scheduled at each subscription's period end (job key per workspace) and safe to run again.
 * The spec alone (what the billing services enqueue); its work is in billing-period-end.job.ts.
 */
export const billingPeriodEndSpec = jobSpec({
  name: 'billing.period-end',
  payload: z.object({ workspaceId: z.string().optional() }),
  maxAttempts: 10,
});
