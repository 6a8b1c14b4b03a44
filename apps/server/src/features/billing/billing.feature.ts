import { defineFeature } from '../feature';
import { billingPeriodEndJob } from './billing-period-end.job';
import { billingReceiptJob } from './billing-receipt.job';
import { billingRoutes } from './billing.routes';
import { characterStatsRoutes } from './character-stats.routes';
import { checkoutRoutes } from './checkout.routes';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

/**
 * Billing's routes (decision 015): the API, the local provider's hosted pages or Stripe's webhook, usage
 * stats. Its services are core (GET /v1/user reads the subscription): see create-billing.ts.
 */
export const billingFeature = defineFeature({
  name: 'billing',
  jobs: [billingPeriodEndJob, billingReceiptJob],
  async register(app, { billing, db }) {
    await app.register(billingRoutes(billing.service));
    await app.register(characterStatsRoutes(db));
    if (billing.local) await app.register(checkoutRoutes({ db, local: billing.local, clock: billing.clock }));
    if (billing.stripe) await app.register(stripeWebhookRoutes(billing.stripe, billing.service, db));
    return billing;
  },
});
