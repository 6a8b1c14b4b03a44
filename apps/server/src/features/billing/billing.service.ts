import type {
  ApplyDiscountBody,
  BillingInfo,
  ChangeSubscriptionBody,
  ExtendedSubscription,
  InvoiceListItem,
  ValidatePromocodeResponse,
} from '@vocalis/contracts/billing';
import type { z } from 'zod';
import type { createCheckoutSessionBody } from '@vocalis/contracts/billing';
import {
  CHECKOUT_FAILED_MESSAGE,
  COUPON_EXPIRED_CODE,
  COUPON_EXPIRED_MESSAGE,
  subscriptionChangeFailedText,
  UNEXPECTED_ERROR_MESSAGE,
} from '@vocalis/domain/billing/billing-messages';
import { planAction } from '@vocalis/domain/billing/plan-action';
import { discountPercent } from '@vocalis/domain/billing/promo';
import { type BillingPeriod, isPaidTier, toTier } from '@vocalis/domain/billing/tiers';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDb } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import type { EventBus } from '../../live/event-bus';
import { addPeriod, type BillingClock } from '../../billing/clock';
import { PaymentDeclined } from '../../billing/local-provider';
import { couponDiscountCents, firstMonthPriceCents, periodPriceCents } from '../../billing/prices';
import type { BillingEvent, CouponTerms, PaymentProvider, SubscriptionRef } from '../../billing/provider';
import { serializeBilling } from './billing-lock';
import { applyBillingEvent, applySubscriptionState, endSubscription } from './billing-events';
import { presentInvoice, presentSubscription } from './billing.presenter';
import * as repo from './billing.repo';
import { ensureUsage } from '../usage/usage.repo';
import { monthlyCharacterLimit } from '@vocalis/domain/plan-limits';

type CheckoutBody = z.infer<typeof createCheckoutSessionBody>;
const HOUR = 3600_000;

export const checkoutFailed = (message = CHECKOUT_FAILED_MESSAGE, code = 'checkout_failed') =>
  new AppError(400, code, message);
export const couponExpired = () => new AppError(400, COUPON_EXPIRED_CODE, COUPON_EXPIRED_MESSAGE);
export const changeFailed = (action: string, status = 400) =>
  new AppError(status, 'subscription_change_failed', subscriptionChangeFailedText(action));

/** Subscriptions, checkout, plan changes, promo codes and invoices of a workspace (billing.md). */
export class BillingService {
  constructor(
    private readonly db: AppDb,
    readonly provider: PaymentProvider,
    readonly clock: BillingClock,
    private readonly publicUrl: string,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Applies provider events in order and tells the workspace's clients to refetch. */
  async handle(events: BillingEvent[]): Promise<void> {
    const touched = new Set<string>();
    for (const event of events) {
      await applyBillingEvent(this.db, this.provider.kind, event);
      const ws = workspaceOfEvent(event);
      if (ws) touched.add(ws);
    }
    for (const id of touched) {
      this.bus.publish({
        collection: 'workspace',
        op: 'update',
        id,
        data: null,
        audience: { workspaceIds: [id] },
      });
    }
  }

  /**
   * A verified provider webhook: applied once per event id. The id is recorded after the events are
   * applied, so a delivery that fails half-way is applied again (every event is idempotent).
   */
  async handleWebhook(db: AppDb, hook: { id: string; type: string; events: BillingEvent[] }): Promise<void> {
    if (await repo.webhookSeen(db, hook.id)) return;
    await this.handleSerialized(hook.events);
    await repo.recordWebhookEvent(db, { id: hook.id, provider: this.provider.kind, type: hook.type });
  }

  /** Events from outside a plan change (webhooks, hosted checkout pages): queued behind the workspace's changes. */
  async handleSerialized(events: BillingEvent[]): Promise<void> {
    const workspaces = [...new Set(events.map(workspaceOfEvent).filter((w): w is string => !!w))];
    if (workspaces.length !== 1) return this.handle(events);
    return serializeBilling(this.db, workspaces[0]!, () => this.handle(events));
  }

  /** Runs one subscription change of the user's current workspace at a time (decision 020). */
  private async serialized<T>(userId: string, fn: () => Promise<T>): Promise<T> {
    const ws = await repo.memberWorkspace(this.db, userId);
    if (!ws) throw notFound('The user has no workspace.', 'workspace_not_found');
    return serializeBilling(this.db, ws.id, fn);
  }

  /** The caller's current workspace; changing billing needs the workspace admin role. */
  private async workspace(userId: string, admin = false) {
    const ws = await repo.memberWorkspace(this.db, userId);
    if (!ws) throw notFound('The user has no workspace.', 'workspace_not_found');
    if (admin && ws.role !== 'admin') {
      throw forbidden('Only a workspace admin can change its subscription.', 'billing_admin_only');
    }
    const billing = await repo.workspaceBilling(this.db, ws.id);
    if (!billing) throw notFound('The user has no workspace.', 'workspace_not_found');
    return { ...ws, ...billing };
  }

  /** GET /v1/user/subscription for the user's current workspace. */
  async subscription(userId: string): Promise<ExtendedSubscription> {
    const ws = await repo.memberWorkspace(this.db, userId);
    if (!ws) throw notFound('The user has no workspace.', 'workspace_not_found');
    return this.subscriptionOf(ws.id);
  }

  async subscriptionOf(workspaceId: string): Promise<ExtendedSubscription> {
    const billing = await repo.workspaceBilling(this.db, workspaceId);
    if (!billing) throw notFound('The user has no workspace.', 'workspace_not_found');
    const [usage, open, extension] = await Promise.all([
      ensureUsage(this.db, workspaceId, monthlyCharacterLimit(billing.workspace.tier)),
      repo.openInvoices(this.db, workspaceId),
      repo.extensionSettings(this.db, billing.workspace.ownerId),
    ]);
    return presentSubscription({ ...billing, usage, open, extension, now: this.clock.now() });
  }

  /** billing.md §3 "Billing info response". */
  async billingInfo(userId: string): Promise<BillingInfo> {
    const s = await this.subscription(userId);
    return {
      character_refresh_period:
        s.character_refresh_period === 'annual_period' ? 'annual_period' : 'monthly_period',
      next_invoice: s.next_invoice && {
        next_payment_attempt_unix: s.next_invoice.next_payment_attempt_unix,
        amount_due_cents: s.next_invoice.amount_due_cents,
        discount_percent_off: s.next_invoice.discount_percent_off,
        discount_amount_off: s.next_invoice.discount_amount_off,
      },
      billing_period: s.billing_period === 'annual_period' ? 'annual_period' : 'monthly_period',
      next_character_count_reset_unix: s.next_character_count_reset_unix,
      has_open_invoices: s.has_open_invoices,
    };
  }

  async invoices(userId: string): Promise<InvoiceListItem[]> {
    const ws = await this.workspace(userId);
    return (await repo.listInvoices(this.db, ws.id)).map(presentInvoice);
  }

  // Promo codes.

  private async couponTerms(code: string): Promise<CouponTerms | 'expired' | null> {
    const row = await repo.findCoupon(this.db, code);
    if (!row) return null;
    if (row.expiresAt && row.expiresAt <= this.clock.now()) return 'expired';
    if (row.maxRedemptions !== null && row.timesRedeemed >= row.maxRedemptions) return 'expired';
    return {
      code: row.code,
      percentOff: row.percentOff,
      amountOffCents: row.amountOffCents,
      durationInMonths: row.durationInMonths,
      providerCouponId: row.providerCouponId,
    };
  }

  /** POST validate-promocode: an unknown or expired code is `valid: false`, not an error. */
  async validatePromocode(code: string): Promise<ValidatePromocodeResponse> {
    const terms = await this.couponTerms(code);
    if (!terms || terms === 'expired') {
      return { valid: false, amount_off: null, percent_off: null, duration_in_months: null };
    }
    return {
      valid: true,
      amount_off: terms.amountOffCents,
      percent_off: terms.percentOff,
      duration_in_months: terms.durationInMonths,
    };
  }

  // Checkout and hosted pages.

  /** POST create-checkout-session: a free (or trial) workspace subscribes; the answer is the page url. */
  async createCheckout(userId: string, body: CheckoutBody): Promise<{ url: string }> {
    const ws = await this.workspace(userId, true);
    // billing.md §8: checkout errors read 'Failed to create checkout session' (the code says why).
    if (isPaidTier(ws.workspace.tier) || ws.sub.status === 'incomplete') {
      throw checkoutFailed(CHECKOUT_FAILED_MESSAGE, 'already_subscribed');
    }
    let coupon: CouponTerms | null = null;
    if (body.promocode) {
      const terms = await this.couponTerms(body.promocode);
      if (terms === 'expired') throw couponExpired();
      if (!terms) throw checkoutFailed(`Coupon code ${body.promocode} is invalid`, 'invalid_promocode');
      coupon = terms;
    }
    const subtotal = periodPriceCents(body.subscription_type, body.billing_period, body.currency);
    const firstMonth = body.no_default_promocode
      ? null
      : firstMonthPriceCents({
          tier: body.subscription_type,
          period: body.billing_period,
          currency: body.currency,
          previouslySubscribedTiers: ws.sub.previouslySubscribedTiers,
          currentTier: ws.workspace.tier,
        });
    // A promo code replaces the default first-month offer; the better of the two is not combined.
    const due = coupon ? subtotal - couponDiscountCents(subtotal, coupon) : (firstMonth ?? subtotal);
    const id = newId(32);
    const email = (await repo.userEmail(this.db, userId)) ?? '';
    const returnBase = `${this.publicUrl}/app/subscription`;
    let started: { url: string; providerSessionId: string };
    try {
      started = await this.provider.startCheckout({
        id,
        workspaceId: ws.id,
        email,
        customerId: ws.sub.providerCustomerId,
        tier: body.subscription_type,
        period: body.billing_period,
        currency: body.currency,
        coupon,
        firstMonthOffCents: !coupon && firstMonth !== null ? subtotal - firstMonth : null,
        successUrl: `${returnBase}?checkout=success`,
        cancelUrl: `${returnBase}?checkout=canceled`,
      });
    } catch (err) {
      this.log.error({ err }, 'checkout session not created');
      throw new AppError(502, 'checkout_failed', UNEXPECTED_ERROR_MESSAGE);
    }
    await repo.insertCheckout(this.db, {
      id,
      workspaceId: ws.id,
      userId,
      provider: this.provider.kind,
      providerSessionId: started.providerSessionId,
      mode: 'subscription',
      tier: body.subscription_type,
      billingPeriod: body.billing_period,
      currency: body.currency,
      promocode: coupon?.code ?? null,
      subtotalCents: subtotal,
      amountDueCents: due,
      returnPath: returnBase,
      url: started.url,
      expiresAt: new Date(this.clock.now().getTime() + 24 * HOUR),
    });
    return { url: started.url };
  }

  /** create-update-payment-methods-session and verify-card: a page that saves or checks a card. */
  async startSetup(userId: string, mode: 'setup' | 'verify'): Promise<{ url: string }> {
    const ws = await this.workspace(userId, true);
    const id = newId(32);
    const returnBase = `${this.publicUrl}/app/subscription`;
    const started = await this.provider.startSetup({
      id,
      workspaceId: ws.id,
      email: (await repo.userEmail(this.db, userId)) ?? '',
      customerId: ws.sub.providerCustomerId,
      currency: ws.sub.currency ?? 'usd',
      mode,
      successUrl: `${returnBase}?card=${mode === 'verify' ? 'verified' : 'updated'}`,
      cancelUrl: returnBase,
    });
    await repo.insertCheckout(this.db, {
      id,
      workspaceId: ws.id,
      userId,
      provider: this.provider.kind,
      providerSessionId: started.providerSessionId,
      mode,
      currency: ws.sub.currency ?? 'usd',
      returnPath: returnBase,
      url: started.url,
      expiresAt: new Date(this.clock.now().getTime() + 24 * HOUR),
    });
    return { url: started.url };
  }

  /** create-portal-session: only a workspace with a card subscription has a portal. */
  async portal(userId: string): Promise<{ url: string }> {
    const ws = await this.workspace(userId, true);
    const ref = this.ref(ws);
    if (!ref) throw badRequest('Your workspace has no card subscription to manage.', 'no_subscription');
    return this.provider.portal(ref, `${this.publicUrl}/app/subscription`);
  }

  async connectAccount(userId: string, path: string, manage: boolean): Promise<{ url: string }> {
    const ws = await this.workspace(userId, true);
    const returnUrl = `${this.publicUrl}${path}`;
    if (manage) {
      if (!ws.sub.payoutsAccountId) throw badRequest('Set up payouts first.', 'no_payouts_account');
      return this.provider.connectManagementLink(ws.sub.payoutsAccountId, returnUrl);
    }
    const { url, accountId } = await this.provider.connectAccount({
      workspaceId: ws.id,
      email: (await repo.userEmail(this.db, userId)) ?? '',
      accountId: ws.sub.payoutsAccountId,
      returnUrl,
      refreshUrl: returnUrl,
    });
    if (!ws.sub.payoutsAccountId)
      await repo.updateSubscription(this.db, ws.id, { payoutsAccountId: accountId });
    return { url };
  }

  // Plan changes.

  /** The subscription as the provider knows it; undefined for workspaces without a card subscription. */
  private ref(ws: repo.WorkspaceBilling & { id?: string }): SubscriptionRef | undefined {
    const s = ws.sub;
    if (!s.providerSubscriptionId || !s.currentPeriodStart || !s.currentPeriodEnd || !s.provider)
      return undefined;
    return {
      workspaceId: s.workspaceId,
      customerId: s.providerCustomerId,
      subscriptionId: s.providerSubscriptionId,
      scheduleId: s.providerScheduleId,
      tier: ws.workspace.tier,
      period: s.billingPeriod,
      currency: s.currency ?? 'usd',
      periodStart: s.currentPeriodStart,
      periodEnd: s.currentPeriodEnd,
      cancelAt: s.cancelAt,
    };
  }

  /** A provider call that must not half-happen: its events are applied, a failure becomes the spec's text. */
  private async run(action: string, call: () => Promise<BillingEvent[]>): Promise<void> {
    let events: BillingEvent[];
    try {
      events = await call();
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (!(err instanceof PaymentDeclined)) this.log.error({ err, action }, 'subscription change failed');
      throw changeFailed(action, err instanceof PaymentDeclined ? 402 : 502);
    }
    await this.handle(events);
  }

  /** POST change-subscription: upgrade now, or downgrade at period end; a repeated key changes nothing twice. */
  async change(userId: string, body: ChangeSubscriptionBody): Promise<ExtendedSubscription> {
    return this.serialized(userId, () => this.changeNow(userId, body));
  }

  private async changeNow(userId: string, body: ChangeSubscriptionBody): Promise<ExtendedSubscription> {
    const ws = await this.workspace(userId, true);
    if (!(await repo.claimIdempotencyKey(this.db, ws.id, body.idempotency_key, 'change-subscription'))) {
      const stored = await repo.storedResponse(this.db, ws.id, body.idempotency_key);
      if (stored?.response) return stored.response as ExtendedSubscription;
      throw conflict('A change with this idempotency key is still in progress.', 'idempotency_key_in_use');
    }
    try {
      await this.changePlan(
        ws,
        body.subscription_type,
        body.billing_period,
        body.idempotency_key,
        body.promocode,
      );
    } catch (err) {
      await repo.releaseIdempotencyKey(this.db, ws.id, body.idempotency_key);
      throw err;
    }
    const answer = await this.subscriptionOf(ws.id);
    await repo.storeResponse(this.db, ws.id, body.idempotency_key, answer);
    return answer;
  }

  private async changePlan(
    ws: Awaited<ReturnType<BillingService['workspace']>>,
    tier: string,
    period: BillingPeriod,
    key: string,
    promocode?: string | null,
  ): Promise<void> {
    const action = planAction(
      {
        tier: ws.workspace.tier,
        billingPeriod: ws.sub.billingPeriod,
        status: ws.sub.status,
        cancelAt: ws.sub.cancelAt ? ws.sub.cancelAt.getTime() : null,
        pendingDowngrade: ws.sub.scheduledTier
          ? { tier: ws.sub.scheduledTier, billingPeriod: ws.sub.scheduledPeriod }
          : null,
      },
      { tier, billingPeriod: period },
    );
    const ref = this.ref(ws);
    if (action === 'create' || !ref) {
      throw badRequest(
        'Your workspace has no subscription yet; subscribe through checkout.',
        'no_subscription',
      );
    }
    if (promocode) await this.applyCoupon(ws, ref, promocode, key);
    switch (action) {
      case 'upgrade':
        if (ws.sub.status !== 'active') throw changeFailed('upgrade');
        return this.run('upgrade', () => this.provider.upgrade(ref, { tier, period }, key));
      case 'downgrade':
        return this.run('downgrade', () => this.provider.scheduleDowngrade(ref, { tier, period }, key));
      case 'cancelDowngrade':
        return this.run('change', () => this.provider.cancelDowngrade(ref, ws.sub.providerScheduleId));
      case 'cancelSubscription':
        // The current plan again (e.g. the promo dialog's plan): the coupon above was the change;
        // canceling has its own call.
        return;
      case 'renewSubscription':
        return this.run('renew', () => this.provider.setCancelAtPeriodEnd(ref, false, key));
      case 'none':
        return;
    }
  }

  /** cancel-downgrade, renew-subscription, cancel-subscription. */
  async simpleChange(
    userId: string,
    what: 'cancel-downgrade' | 'renew' | 'cancel',
  ): Promise<ExtendedSubscription> {
    return this.serialized(userId, () => this.simpleChangeNow(userId, what));
  }

  private async simpleChangeNow(
    userId: string,
    what: 'cancel-downgrade' | 'renew' | 'cancel',
  ): Promise<ExtendedSubscription> {
    const ws = await this.workspace(userId, true);
    const verb = what === 'cancel-downgrade' ? 'change' : what;
    const ref = this.ref(ws);
    if (!ref) throw changeFailed(verb);
    const key = newId(24);
    if (what === 'cancel-downgrade') {
      if (!ws.sub.scheduledTier) throw badRequest('No downgrade is scheduled.', 'no_scheduled_downgrade');
      await this.run(verb, () => this.provider.cancelDowngrade(ref, ws.sub.providerScheduleId));
    } else if (what === 'renew') {
      if (!ws.sub.cancelAt) throw badRequest('The subscription is not set to cancel.', 'not_canceled');
      await this.run(verb, () => this.provider.setCancelAtPeriodEnd(ref, false, key));
    } else {
      if (ws.sub.cancelAt) throw badRequest('The subscription is already set to cancel.', 'already_canceled');
      // Canceling replaces a scheduled downgrade: the plan simply ends at period end.
      if (ws.sub.scheduledTier)
        await this.run(verb, () => this.provider.cancelDowngrade(ref, ws.sub.providerScheduleId));
      await this.run(verb, () => this.provider.setCancelAtPeriodEnd(ref, true, key));
    }
    return this.subscriptionOf(ws.id);
  }

  /** POST apply-discount: special-offer-30/50/70 take that percent off the next invoice. */
  async applyDiscount(userId: string, body: ApplyDiscountBody): Promise<ExtendedSubscription> {
    return this.serialized(userId, () => this.applyDiscountNow(userId, body));
  }

  private async applyDiscountNow(userId: string, body: ApplyDiscountBody): Promise<ExtendedSubscription> {
    const ws = await this.workspace(userId, true);
    const ref = this.ref(ws);
    const percent = discountPercent(body.discount_code);
    if (!ref || percent === null) throw changeFailed('change');
    const coupon: CouponTerms = {
      code: body.discount_code,
      percentOff: percent,
      amountOffCents: null,
      durationInMonths: 1,
      providerCouponId: body.discount_code,
    };
    await this.run('change', () =>
      this.provider.applyDiscount(ref, coupon, `discount:${ws.id}:${body.discount_code}`),
    );
    await this.storeDiscount(ws.id, coupon, 1);
    return this.subscriptionOf(ws.id);
  }

  private async applyCoupon(ws: { id: string }, ref: SubscriptionRef, code: string, key: string) {
    const terms = await this.couponTerms(code);
    if (terms === 'expired') throw couponExpired();
    if (!terms) throw badRequest(`Coupon code ${code} is invalid`, 'invalid_promocode');
    await this.run('change', () => this.provider.applyDiscount(ref, terms, `coupon:${key}`));
    await repo.redeemCoupon(this.db, terms.code);
    await this.storeDiscount(ws.id, terms, terms.durationInMonths);
  }

  private async storeDiscount(workspaceId: string, c: CouponTerms, invoices: number) {
    await repo.updateSubscription(this.db, workspaceId, {
      discountCode: c.code,
      discountPercentOff: c.percentOff,
      discountAmountOffCents: c.amountOffCents,
      discountInvoicesLeft: invoices,
    });
  }

  /**
   * Operators (admin set-plan): puts a workspace on a plan without a card (no provider, no invoices;
   * the period-end job renews it), or back on free.
   */
  async setPlan(workspaceId: string, tier: string, period: BillingPeriod): Promise<void> {
    const t = toTier(tier);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      if (t === 'free') return endSubscription(tx, workspaceId, null);
      await applySubscriptionState(tx, null, {
        workspaceId,
        customerId: null,
        subscriptionId: `manual_${workspaceId}`,
        tier: t,
        period,
        currency: 'usd',
        status: 'active',
        periodStart: now,
        periodEnd: addPeriod(now, period),
        cancelAt: null,
        scheduled: null,
      });
    });
    this.bus.publish({
      collection: 'workspace',
      op: 'update',
      id: workspaceId,
      data: null,
      audience: { workspaceIds: [workspaceId] },
    });
  }
}

function workspaceOfEvent(e: BillingEvent): string | undefined {
  switch (e.type) {
    case 'subscription.updated':
      return e.state.workspaceId;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return e.invoice.workspaceId;
    case 'subscription.deleted':
    case 'payment_method.updated':
    case 'payouts.onboarded':
      return e.workspaceId;
    default:
      return undefined;
  }
}
