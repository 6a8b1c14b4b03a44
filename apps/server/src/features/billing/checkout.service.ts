import type { createCheckoutSessionBody } from '@vocalis/contracts/billing';
import { CHECKOUT_FAILED_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from '@vocalis/domain/billing/billing-messages';
import { isPaidTier } from '@vocalis/domain/billing/tiers';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppDb } from '../../db/client';
import { AppError, badRequest } from '../../errors';
import { newId } from '../../lib/ids';
import type { BillingClock } from '../../billing/clock';
import { couponDiscountCents, firstMonthPriceCents, periodPriceCents } from '../../billing/prices';
import type { CouponTerms, PaymentProvider } from '../../billing/provider';
import { checkoutFailed, couponExpired } from './billing-errors';
import { billingWorkspace, subscriptionRef } from './billing-workspace';
import * as repo from './billing.repo';
import * as checkoutRepo from './checkout-sessions.repo';
import { couponTerms } from './promo-codes';

type CheckoutBody = z.infer<typeof createCheckoutSessionBody>;
const HOUR = 3600_000;

/** The provider's pages a workspace admin is sent to: checkout, card setup, portal, payouts onboarding. */
export class CheckoutService {
  constructor(
    private readonly db: AppDb,
    private readonly provider: PaymentProvider,
    private readonly clock: BillingClock,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** POST create-checkout-session: a free (or trial) workspace subscribes; the answer is the page url. */
  async createCheckout(userId: string, body: CheckoutBody): Promise<{ url: string }> {
    const ws = await billingWorkspace(this.db, userId, true);
    // billing.md §8: checkout errors read 'Failed to create checkout session' (the code says why).
    if (isPaidTier(ws.workspace.tier) || ws.sub.status === 'incomplete') {
      throw checkoutFailed(CHECKOUT_FAILED_MESSAGE, 'already_subscribed');
    }
    let coupon: CouponTerms | null = null;
    if (body.promocode) {
      const terms = await couponTerms(this.db, this.clock.now(), body.promocode);
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
    await checkoutRepo.insertCheckout(this.db, {
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
    const ws = await billingWorkspace(this.db, userId, true);
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
    await checkoutRepo.insertCheckout(this.db, {
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
    const ws = await billingWorkspace(this.db, userId, true);
    const ref = subscriptionRef(ws);
    if (!ref) throw badRequest('Your workspace has no card subscription to manage.', 'no_subscription');
    return this.provider.portal(ref, `${this.publicUrl}/app/subscription`);
  }

  async connectAccount(userId: string, path: string, manage: boolean): Promise<{ url: string }> {
    const ws = await billingWorkspace(this.db, userId, true);
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
}
