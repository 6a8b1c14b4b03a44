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

/**
 * The receipt of one paid invoice (checkout, renewal or overage), mailed to the workspace owner. Enqueued
 * in the transaction that records the invoice as paid, keyed by the invoice, so it goes out exactly when
 * the payment is on record and once per invoice. Its work is in billing-receipt.job.ts.
 */
export const billingReceiptSpec = jobSpec({
  name: 'billing.receipt',
  payload: z.object({ invoiceId: z.string() }),
  maxAttempts: 10,
});
