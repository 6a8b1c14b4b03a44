import Stripe from 'stripe';
import type { BillingPeriod, Currency } from '@vocalis/domain/billing/tiers';
import { isPaidTier } from '@vocalis/domain/billing/tiers';
import { PaymentDeclined } from './local-provider';
import { idOf, priceLookupKey, stripeBillingEvents, stripeSubscriptionState } from './stripe-events';
import type {
  BillingEvent,
  CheckoutStart,
  CouponTerms,
  PaymentProvider,
  PlanTarget,
  SetupStart,
  SubscriptionRef,
} from './provider';

/** The Stripe adapter: Checkout, the customer portal, subscription updates and schedules, signed webhooks. */
export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly stripe: Stripe;
  private readonly prices = new Map<string, string>();
  private readonly webhookSecret: string;

  constructor(cfg: { secretKey: string; webhookSecret: string; apiUrl?: string }) {
    const url = cfg.apiUrl ? new URL(cfg.apiUrl) : undefined;
    this.stripe = new Stripe(cfg.secretKey, {
      maxNetworkRetries: 2,
      ...(url && {
        host: url.hostname,
        port: url.port || (url.protocol === 'http:' ? 80 : 443),
        protocol: url.protocol === 'http:' ? 'http' : 'https',
      }),
    });
    this.webhookSecret = cfg.webhookSecret;
  }

  private async price(tier: string, period: BillingPeriod, currency: Currency): Promise<string> {
    const key = priceLookupKey(tier, period, currency);
    const cached = this.prices.get(key);
    if (cached) return cached;
    const list = await this.stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 });
    const id = list.data[0]?.id;
    if (!id) throw new Error(`No Stripe price with lookup key ${key}`);
    this.prices.set(key, id);
    return id;
  }

  private async customer(start: { customerId: string | null; email: string; workspaceId: string }) {
    if (start.customerId) return start.customerId;
    const c = await this.stripe.customers.create(
      { email: start.email, metadata: { workspace_id: start.workspaceId } },
      { idempotencyKey: `customer:${start.workspaceId}` },
    );
    return c.id;
  }

  async startCheckout(start: CheckoutStart) {
    const price = await this.price(start.tier, start.period, start.currency);
    const meta = { workspace_id: start.workspaceId, tier: start.tier, billing_period: start.period };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: await this.customer(start),
        client_reference_id: start.workspaceId,
        line_items: [{ price, quantity: 1 }],
        ...(start.coupon && { discounts: [{ coupon: start.coupon.providerCouponId ?? start.coupon.code }] }),
        ...(!start.coupon &&
          start.firstMonthOffCents && {
            discounts: [{ coupon: await this.firstMonthCoupon(start.firstMonthOffCents, start.currency) }],
          }),
        success_url: start.successUrl,
        cancel_url: start.cancelUrl,
        metadata: { ...meta, checkout_session_id: start.id },
        subscription_data: { metadata: meta },
      },
      { idempotencyKey: `checkout:${start.id}` },
    );
    if (!session.url) throw new Error('Stripe answered a checkout session without a url');
    return { url: session.url, providerSessionId: session.id };
  }

  /**
   * The Stripe coupon of a first-month offer: that amount off once (the first invoice), created the first
   * time it is needed under a fixed id, so every checkout with the same offer shares it.
   */
  private async firstMonthCoupon(amountOffCents: number, currency: Currency): Promise<string> {
    const id = `vocalis-first-month-${currency}-${amountOffCents}`;
    try {
      await this.stripe.coupons.create({
        id,
        amount_off: amountOffCents,
        currency,
        duration: 'once',
        name: 'First month offer',
      });
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeError && err.code === 'resource_already_exists')) throw err;
    }
    return id;
  }

  async startSetup(start: SetupStart) {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'setup',
        customer: await this.customer(start),
        currency: start.currency,
        success_url: start.successUrl,
        cancel_url: start.cancelUrl,
        metadata: { workspace_id: start.workspaceId, checkout_session_id: start.id, mode: start.mode },
      },
      { idempotencyKey: `setup:${start.id}` },
    );
    if (!session.url) throw new Error('Stripe answered a setup session without a url');
    return { url: session.url, providerSessionId: session.id };
  }

  async portal(sub: SubscriptionRef, returnUrl: string) {
    const s = await this.stripe.billingPortal.sessions.create({
      customer: sub.customerId!,
      return_url: returnUrl,
    });
    return { url: s.url };
  }

  private async updated(subscriptionId: string): Promise<BillingEvent[]> {
    const sub = await this.stripe.subscriptions.retrieve(subscriptionId);
    return [{ type: 'subscription.updated', state: await stripeSubscriptionState(this.stripe, sub) }];
  }

  async upgrade(sub: SubscriptionRef, target: PlanTarget, idempotencyKey: string): Promise<BillingEvent[]> {
    const current = await this.stripe.subscriptions.retrieve(sub.subscriptionId);
    const price = await this.price(target.tier, target.period, sub.currency);
    try {
      const updated = await this.stripe.subscriptions.update(
        sub.subscriptionId,
        {
          items: [{ id: current.items.data[0]!.id, price }],
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
          cancel_at_period_end: false,
          metadata: { workspace_id: sub.workspaceId, tier: target.tier, billing_period: target.period },
        },
        { idempotencyKey: `upgrade:${idempotencyKey}` },
      );
      return [{ type: 'subscription.updated', state: await stripeSubscriptionState(this.stripe, updated) }];
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) throw new PaymentDeclined(err.message);
      throw err;
    }
  }

  async scheduleDowngrade(
    sub: SubscriptionRef,
    target: PlanTarget,
    idempotencyKey: string,
  ): Promise<BillingEvent[]> {
    const schedule = sub.scheduleId
      ? await this.stripe.subscriptionSchedules.retrieve(sub.scheduleId)
      : await this.stripe.subscriptionSchedules.create(
          { from_subscription: sub.subscriptionId },
          { idempotencyKey: `schedule:${idempotencyKey}` },
        );
    const phase = schedule.phases[0]!;
    const currentPrice = idOf(phase.items[0]!.price)!;
    const toFree = !isPaidTier(target.tier);
    const phases: Stripe.SubscriptionScheduleUpdateParams.Phase[] = [
      {
        items: [{ price: currentPrice, quantity: 1 }],
        start_date: phase.start_date,
        end_date: phase.end_date,
      },
    ];
    if (!toFree) {
      phases.push({
        items: [{ price: await this.price(target.tier, target.period, sub.currency), quantity: 1 }],
        metadata: { workspace_id: sub.workspaceId, tier: target.tier, billing_period: target.period },
      });
    }
    await this.stripe.subscriptionSchedules.update(
      schedule.id,
      {
        // Downgrading to free ends the subscription with the schedule; otherwise the last phase continues.
        end_behavior: toFree ? 'cancel' : 'release',
        phases,
        metadata: { type: 'downgrade', downgrade_to: target.tier, billing_period: target.period },
      },
      { idempotencyKey: `schedule-phases:${idempotencyKey}` },
    );
    return this.updated(sub.subscriptionId);
  }

  async cancelDowngrade(sub: SubscriptionRef, scheduleId: string | null): Promise<BillingEvent[]> {
    if (scheduleId) await this.stripe.subscriptionSchedules.release(scheduleId);
    return this.updated(sub.subscriptionId);
  }

  async setCancelAtPeriodEnd(
    sub: SubscriptionRef,
    cancel: boolean,
    idempotencyKey: string,
  ): Promise<BillingEvent[]> {
    const updated = await this.stripe.subscriptions.update(
      sub.subscriptionId,
      { cancel_at_period_end: cancel },
      { idempotencyKey: `cancel:${cancel}:${idempotencyKey}` },
    );
    return [{ type: 'subscription.updated', state: await stripeSubscriptionState(this.stripe, updated) }];
  }

  async applyDiscount(
    sub: SubscriptionRef,
    coupon: CouponTerms,
    idempotencyKey: string,
  ): Promise<BillingEvent[]> {
    await this.stripe.subscriptions.update(
      sub.subscriptionId,
      { discounts: [{ coupon: coupon.providerCouponId ?? coupon.code }] },
      { idempotencyKey },
    );
    return [];
  }

  async chargeOverage(
    sub: SubscriptionRef,
    input: { amountCents: number; characters: number; periodStart: Date },
  ): Promise<BillingEvent[]> {
    // Added to the subscription's next invoice; Stripe reports that invoice by webhook.
    await this.stripe.invoiceItems.create(
      {
        customer: sub.customerId!,
        subscription: sub.subscriptionId,
        amount: input.amountCents,
        currency: sub.currency,
        description: `Characters beyond the plan: ${input.characters}`,
      },
      { idempotencyKey: `overage:${sub.workspaceId}:${input.periodStart.toISOString()}` },
    );
    return [];
  }

  async connectAccount(input: {
    workspaceId: string;
    email: string;
    accountId: string | null;
    returnUrl: string;
    refreshUrl: string;
  }) {
    const accountId =
      input.accountId ??
      (
        await this.stripe.accounts.create(
          { type: 'express', email: input.email, metadata: { workspace_id: input.workspaceId } },
          { idempotencyKey: `connect:${input.workspaceId}` },
        )
      ).id;
    const link = await this.stripe.accountLinks.create({
      account: accountId,
      refresh_url: input.refreshUrl,
      return_url: input.returnUrl,
      type: 'account_onboarding',
    });
    return { url: link.url, accountId };
  }

  async connectManagementLink(accountId: string) {
    const link = await this.stripe.accounts.createLoginLink(accountId);
    return { url: link.url };
  }

  /** Verifies a webhook's signature (throws otherwise) and turns the event into billing events. */
  async webhook(
    raw: string,
    signature: string,
  ): Promise<{ id: string; type: string; events: BillingEvent[] }> {
    const event = this.stripe.webhooks.constructEvent(raw, signature, this.webhookSecret);
    return { id: event.id, type: event.type, events: await stripeBillingEvents(this.stripe, event) };
  }
}
