import Stripe from 'stripe';
import type { BillingPeriod, Currency } from '@vocalis/domain/billing/tiers';
import { isPaidTier } from '@vocalis/domain/billing/tiers';
import type { SubscriptionStatus } from '../db/schema/billing';
import { PaymentDeclined } from './local-provider';
import type {
  BillingEvent,
  CheckoutStart,
  CouponTerms,
  InvoiceState,
  PaymentProvider,
  PlanTarget,
  SetupStart,
  SubscriptionRef,
  SubscriptionState,
} from './provider';

/** Prices are found by lookup key: operators create one Stripe price per plan, period and currency. */
export const priceLookupKey = (tier: string, period: BillingPeriod, currency: Currency) =>
  `vocalis_${tier}_${period}_${currency}`;
const LOOKUP = /^vocalis_(.+)_(monthly_period|annual_period)_(usd|eur)$/;

const STATUS: Record<string, SubscriptionStatus> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  unpaid: 'past_due',
  incomplete: 'incomplete',
  incomplete_expired: 'incomplete',
  paused: 'past_due',
  canceled: 'free',
};

const date = (unix: number) => new Date(unix * 1000);
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

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

  /** A Stripe subscription (and its schedule) as our subscription state. */
  async stateOf(sub: Stripe.Subscription): Promise<SubscriptionState> {
    const item = sub.items.data[0]!;
    const parsed = LOOKUP.exec(item.price.lookup_key ?? '');
    const tier = parsed?.[1] ?? sub.metadata.tier ?? 'free';
    const period = (parsed?.[2] ?? sub.metadata.billing_period ?? 'monthly_period') as BillingPeriod;
    const currency = (parsed?.[3] ?? sub.currency ?? 'usd') as Currency;
    const periodEnd = date(item.current_period_end);
    let scheduled: SubscriptionState['scheduled'] = null;
    const scheduleId = idOf(sub.schedule);
    if (scheduleId) {
      const schedule =
        typeof sub.schedule === 'object' && sub.schedule
          ? sub.schedule
          : await this.stripe.subscriptionSchedules.retrieve(scheduleId);
      const m = schedule.metadata ?? {};
      if (m.type === 'downgrade' && m.downgrade_to) {
        scheduled = {
          tier: m.downgrade_to,
          period: (m.billing_period ?? period) as BillingPeriod,
          scheduleId,
        };
      }
    }
    return {
      workspaceId: sub.metadata.workspace_id!,
      customerId: idOf(sub.customer),
      subscriptionId: sub.id,
      tier,
      period,
      currency,
      status: STATUS[sub.status] ?? 'incomplete',
      periodStart: date(item.current_period_start),
      periodEnd,
      cancelAt: sub.cancel_at_period_end ? periodEnd : sub.cancel_at ? date(sub.cancel_at) : null,
      scheduled,
    };
  }

  private async updated(subscriptionId: string): Promise<BillingEvent[]> {
    const sub = await this.stripe.subscriptions.retrieve(subscriptionId);
    return [{ type: 'subscription.updated', state: await this.stateOf(sub) }];
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
      return [{ type: 'subscription.updated', state: await this.stateOf(updated) }];
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
    return [{ type: 'subscription.updated', state: await this.stateOf(updated) }];
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
    return { id: event.id, type: event.type, events: await this.toEvents(event) };
  }

  private async toEvents(event: Stripe.Event): Promise<BillingEvent[]> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const s = event.data.object;
        const ours = s.metadata?.checkout_session_id;
        if (!ours) return [];
        if (s.mode === 'subscription' && s.subscription) {
          const sub = await this.stripe.subscriptions.retrieve(idOf(s.subscription)!);
          return [
            {
              type: 'checkout.completed',
              checkoutSessionId: ours,
              customerId: idOf(s.customer),
              subscription: await this.stateOf(sub),
              card: null,
            },
          ];
        }
        if (s.mode === 'setup' && s.setup_intent) {
          const intent = await this.stripe.setupIntents.retrieve(idOf(s.setup_intent)!, {
            expand: ['payment_method'],
          });
          const pm = typeof intent.payment_method === 'object' ? intent.payment_method : null;
          if (pm && s.customer) {
            await this.stripe.customers.update(idOf(s.customer)!, {
              invoice_settings: { default_payment_method: pm.id },
            });
          }
          const card = pm?.card ? { brand: pm.card.brand, last4: pm.card.last4 } : null;
          return [
            {
              type: 'checkout.completed',
              checkoutSessionId: ours,
              customerId: idOf(s.customer),
              subscription: null,
              card,
            },
          ];
        }
        return [];
      }
      case 'checkout.session.expired': {
        const ours = event.data.object.metadata?.checkout_session_id;
        return ours
          ? [{ type: 'checkout.failed', checkoutSessionId: ours, message: 'The checkout session expired.' }]
          : [];
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated': {
        const sub = event.data.object;
        if (!sub.metadata.workspace_id) return [];
        return [{ type: 'subscription.updated', state: await this.stateOf(sub) }];
      }
      case 'customer.subscription.deleted': {
        const sub = event.data.object;
        if (!sub.metadata.workspace_id) return [];
        return [
          { type: 'subscription.deleted', workspaceId: sub.metadata.workspace_id, subscriptionId: sub.id },
        ];
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = this.invoiceState(event.data.object, event.type === 'invoice.paid');
        return invoice ? [{ type: event.type, invoice }] : [];
      }
      case 'account.updated': {
        const acct = event.data.object;
        const ws = acct.metadata?.workspace_id;
        return ws && acct.details_submitted
          ? [{ type: 'payouts.onboarded', workspaceId: ws, accountId: acct.id }]
          : [];
      }
      default:
        return [];
    }
  }

  private invoiceState(inv: Stripe.Invoice, paid: boolean): InvoiceState | null {
    const meta = inv.parent?.subscription_details?.metadata ?? {};
    if (!meta.workspace_id || !inv.id) return null;
    const line = inv.lines?.data?.[0];
    const discount = (inv.total_discount_amounts ?? []).reduce((n, d) => n + d.amount, 0);
    return {
      workspaceId: meta.workspace_id,
      providerInvoiceId: inv.id,
      kind: inv.billing_reason === 'subscription_update' ? 'proration' : 'subscription',
      status: paid
        ? 'paid'
        : inv.status === 'void'
          ? 'void'
          : inv.status === 'uncollectible'
            ? 'uncollectible'
            : 'open',
      tier: meta.tier ?? null,
      period: (meta.billing_period as BillingPeriod | undefined) ?? null,
      currency: (inv.currency === 'eur' ? 'eur' : 'usd') as Currency,
      subtotalCents: inv.subtotal,
      discountCents: discount,
      amountDueCents: inv.amount_due,
      discountPercentOff: null,
      discountAmountOffCents: discount || null,
      periodStart: date(line?.period.start ?? inv.period_start),
      periodEnd: date(line?.period.end ?? inv.period_end),
      nextPaymentAttemptAt: inv.next_payment_attempt ? date(inv.next_payment_attempt) : null,
      paymentIntentStatus: paid ? 'succeeded' : 'requires_payment_method',
    };
  }
}
