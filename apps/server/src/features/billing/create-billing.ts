import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { AppDb } from '../../db/client';
import type { EventBus } from '../../live/event-bus';
import type { UsageService } from '../usage/usage.service';
import { BillingClock } from '../../billing/clock';
import { LocalPaymentProvider } from '../../billing/local-provider';
import type { BillingEvent, PaymentProvider } from '../../billing/provider';
import { StripePaymentProvider } from '../../billing/stripe-provider';
import { BillingPeriods } from './billing-periods';
import { BillingService } from './billing.service';

export type Billing = ReturnType<typeof createBilling>;

/** Billing over the configured card processor: service, period-end work, provider, its clock. */
export function createBilling(deps: { db: AppDb; config: Config; bus: EventBus; log: FastifyBaseLogger }) {
  const { db, config, bus, log } = deps;
  const clock = new BillingClock();
  // The local provider fires its events into the service it belongs to.
  const sink: { handle?: (events: BillingEvent[]) => Promise<void> } = {};
  const emit = (events: BillingEvent[]) => sink.handle!(events);
  const local =
    config.billing.provider === 'local'
      ? new LocalPaymentProvider(db, clock, config.publicUrl, emit)
      : undefined;
  const stripe = config.billing.provider === 'stripe' ? new StripePaymentProvider(config.billing) : undefined;
  const provider: PaymentProvider = (local ?? stripe)!;
  const service = new BillingService(db, provider, clock, config.publicUrl, bus, log);
  sink.handle = (events) => service.handleSerialized(events);
  const periods = new BillingPeriods(db, service, local, log);
  return { service, periods, provider, local, stripe, clock };
}

/**
 * What GET /v1/user's subscription is built from: billing's subscription, read in one statement with the
 * quota as of now (a due monthly reset applied without a write, decision 033), so it agrees with GET
 * /v1/user/subscription. The usage service stays in the signature for the callers that build this.
 */
export const subscriptionSource = (_usage: UsageService, billing: Billing) => ({
  async usage(workspaceId: string) {
    const subscription = await billing.service.subscriptionOf(workspaceId);
    return {
      character_count: subscription.character_count,
      character_limit: subscription.character_limit,
      next_character_count_reset_unix: subscription.next_character_count_reset_unix ?? 0,
      subscription,
    };
  },
});
