import type {
  ApplyDiscountBody,
  ChangeSubscriptionBody,
  ExtendedSubscription,
} from '@vocalis/contracts/billing';
import { planAction } from '@vocalis/domain/billing/plan-action';
import { discountPercent } from '@vocalis/domain/billing/promo';
import type { BillingPeriod } from '@vocalis/domain/billing/tiers';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDb } from '../../db/client';
import { AppError, badRequest, conflict } from '../../errors';
import { newId } from '../../lib/ids';
import type { BillingClock } from '../../billing/clock';
import { PaymentDeclined } from '../../billing/local-provider';
import type { BillingEvent, CouponTerms, PaymentProvider, SubscriptionRef } from '../../billing/provider';
import { changeFailed, couponExpired, noWorkspace } from './billing-errors';
import { serializeBilling } from './billing-lock';
import { billingWorkspace, subscriptionRef, type BillingWorkspace } from './billing-workspace';
import * as repo from './billing.repo';
import * as requestsRepo from './billing-requests.repo';
import * as couponsRepo from './coupons.repo';
import { couponTerms, storeDiscount } from './promo-codes';

/** What plan changes need from the billing service: applying events and answering the subscription. */
export interface PlanChangeHost {
  handle(events: BillingEvent[]): Promise<void>;
  subscriptionOf(workspaceId: string): Promise<ExtendedSubscription>;
}

/** Upgrades, downgrades, cancel and renew, promo codes and discounts on a card subscription. */
export class PlanChangeService {
  constructor(
    private readonly db: AppDb,
    private readonly provider: PaymentProvider,
    private readonly clock: BillingClock,
    private readonly log: FastifyBaseLogger,
    private readonly host: PlanChangeHost,
  ) {}

  /** Runs one subscription change of the user's current workspace at a time (decision 020). */
  private async serialized<T>(userId: string, fn: () => Promise<T>): Promise<T> {
    const ws = await repo.memberWorkspace(this.db, userId);
    if (!ws) throw noWorkspace();
    return serializeBilling(this.db, ws.id, fn);
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
    await this.host.handle(events);
  }

  /** POST change-subscription: upgrade now, or downgrade at period end; a repeated key changes nothing twice. */
  async change(userId: string, body: ChangeSubscriptionBody): Promise<ExtendedSubscription> {
    return this.serialized(userId, () => this.changeNow(userId, body));
  }

  private async changeNow(userId: string, body: ChangeSubscriptionBody): Promise<ExtendedSubscription> {
    const ws = await billingWorkspace(this.db, userId, true);
    if (
      !(await requestsRepo.claimIdempotencyKey(this.db, ws.id, body.idempotency_key, 'change-subscription'))
    ) {
      const stored = await requestsRepo.storedResponse(this.db, ws.id, body.idempotency_key);
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
      await requestsRepo.releaseIdempotencyKey(this.db, ws.id, body.idempotency_key);
      throw err;
    }
    const answer = await this.host.subscriptionOf(ws.id);
    await requestsRepo.storeResponse(this.db, ws.id, body.idempotency_key, answer);
    return answer;
  }

  private async changePlan(
    ws: BillingWorkspace,
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
    const ref = subscriptionRef(ws);
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
    const ws = await billingWorkspace(this.db, userId, true);
    const verb = what === 'cancel-downgrade' ? 'change' : what;
    const ref = subscriptionRef(ws);
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
    return this.host.subscriptionOf(ws.id);
  }

  /** POST apply-discount: special-offer-30/50/70 take that percent off the next invoice. */
  async applyDiscount(userId: string, body: ApplyDiscountBody): Promise<ExtendedSubscription> {
    return this.serialized(userId, () => this.applyDiscountNow(userId, body));
  }

  private async applyDiscountNow(userId: string, body: ApplyDiscountBody): Promise<ExtendedSubscription> {
    const ws = await billingWorkspace(this.db, userId, true);
    const ref = subscriptionRef(ws);
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
    await storeDiscount(this.db, ws.id, coupon, 1);
    return this.host.subscriptionOf(ws.id);
  }

  private async applyCoupon(ws: { id: string }, ref: SubscriptionRef, code: string, key: string) {
    const terms = await couponTerms(this.db, this.clock.now(), code);
    if (terms === 'expired') throw couponExpired();
    if (!terms) throw badRequest(`Coupon code ${code} is invalid`, 'invalid_promocode');
    await this.run('change', () => this.provider.applyDiscount(ref, terms, `coupon:${key}`));
    await couponsRepo.redeemCoupon(this.db, terms.code);
    await storeDiscount(this.db, ws.id, terms, terms.durationInMonths);
  }
}
