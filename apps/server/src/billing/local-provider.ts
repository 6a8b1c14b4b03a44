import type { AppDb } from '../db/client';
import { newId } from '../lib/ids';
import * as repo from '../features/billing/billing.repo';
import * as checkoutRepo from '../features/billing/checkout-sessions.repo';
import { addPeriod, type BillingClock } from './clock';
import { couponDiscountCents, periodPriceCents, unusedCreditCents } from './prices';
import type {
  BillingEvent,
  CheckoutStart,
  PaymentProvider,
  PlanTarget,
  SetupStart,
  SubscriptionRef,
} from './provider';
import { LocalCardPages } from './local-card-pages';
import { idFrom, localInvoice, localSubscriptionState } from './local-invoices';
import { CARD_DECLINED } from './test-cards';

/** Thrown when a charge is declined; the service answers "Failed to {action} subscription". */
export class PaymentDeclined extends Error {}

const HOUR = 3600_000;

/**
 * The embedded card processor: our own hosted pages (`/billing/checkout/:id`) take test card numbers,
 * create the subscription and issue invoices, and fire the same events as the Stripe adapter.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly kind = 'local' as const;
  /** The hosted pages' card form, authentication step and payouts onboarding. */
  readonly pages: LocalCardPages;

  constructor(
    private readonly db: AppDb,
    private readonly clock: BillingClock,
    private readonly publicUrl: string,
    /** Where events go (BillingService applies them). */
    emit: (events: BillingEvent[]) => Promise<void>,
  ) {
    this.pages = new LocalCardPages(db, clock, emit);
  }

  private pageUrl = (id: string) => `${this.publicUrl}/billing/checkout/${id}`;

  async startCheckout(start: CheckoutStart) {
    return { url: this.pageUrl(start.id), providerSessionId: start.id };
  }

  async startSetup(start: SetupStart) {
    return { url: this.pageUrl(start.id), providerSessionId: start.id };
  }

  async portal(sub: SubscriptionRef, returnUrl: string) {
    // The portal is the card page in setup mode, which also lists the workspace's invoices.
    const id = newId(32);
    await checkoutRepo.insertCheckout(this.db, {
      id,
      workspaceId: sub.workspaceId,
      provider: 'local',
      providerSessionId: id,
      mode: 'setup',
      currency: sub.currency,
      returnPath: returnUrl,
      url: this.pageUrl(id),
      expiresAt: new Date(this.clock.now().getTime() + 24 * HOUR),
    });
    return { url: this.pageUrl(id) };
  }

  private async cardDeclines(workspaceId: string): Promise<boolean> {
    const billing = await repo.workspaceBilling(this.db, workspaceId);
    return billing?.sub.cardBehaviour === 'declines';
  }

  async upgrade(sub: SubscriptionRef, target: PlanTarget, idempotencyKey: string): Promise<BillingEvent[]> {
    const now = this.clock.now();
    if (await this.cardDeclines(sub.workspaceId)) throw new PaymentDeclined(CARD_DECLINED);
    const newPrice = periodPriceCents(target.tier, target.period, sub.currency);
    const credit = unusedCreditCents(
      periodPriceCents(sub.tier, sub.period, sub.currency),
      sub.periodStart,
      sub.periodEnd,
      now,
    );
    // The new plan starts now; what was paid for the rest of the old period is credited.
    const state = localSubscriptionState(sub, {
      tier: target.tier,
      period: target.period,
      periodStart: now,
      periodEnd: addPeriod(now, target.period),
      cancelAt: null,
    });
    return [
      { type: 'subscription.updated', state },
      {
        type: 'invoice.paid',
        invoice: localInvoice(
          state,
          {
            id: idFrom('lin', sub.workspaceId, idempotencyKey),
            kind: 'proration',
            subtotal: newPrice,
            discount: Math.min(newPrice, credit),
            paid: true,
          },
          now,
        ),
      },
    ];
  }

  async scheduleDowngrade(sub: SubscriptionRef, target: PlanTarget): Promise<BillingEvent[]> {
    const scheduled = { tier: target.tier, period: target.period, scheduleId: null };
    return [{ type: 'subscription.updated', state: localSubscriptionState(sub, { scheduled }) }];
  }

  async cancelDowngrade(sub: SubscriptionRef): Promise<BillingEvent[]> {
    return [{ type: 'subscription.updated', state: localSubscriptionState(sub, { scheduled: null }) }];
  }

  async setCancelAtPeriodEnd(sub: SubscriptionRef, cancel: boolean): Promise<BillingEvent[]> {
    return [
      {
        type: 'subscription.updated',
        state: localSubscriptionState(sub, { cancelAt: cancel ? sub.periodEnd : null }),
      },
    ];
  }

  async applyDiscount(): Promise<BillingEvent[]> {
    return []; // the service keeps the discount; renewals read it
  }

  async chargeOverage(
    sub: SubscriptionRef,
    input: { amountCents: number; periodStart: Date; periodEnd: Date },
  ): Promise<BillingEvent[]> {
    const paid = !(await this.cardDeclines(sub.workspaceId));
    const invoice = localInvoice(
      { ...sub, periodStart: input.periodStart, periodEnd: input.periodEnd },
      {
        id: idFrom('lin', sub.workspaceId, 'overage', input.periodStart.toISOString()),
        kind: 'overage',
        subtotal: input.amountCents,
        discount: 0,
        paid,
      },
      this.clock.now(),
    );
    return [{ type: paid ? 'invoice.paid' : 'invoice.payment_failed', invoice }];
  }

  /**
   * The local provider renews by itself at period end (Stripe does this on its side): the next period
   * at `target` (the plan itself, or a scheduled downgrade), charged to the card on file.
   */
  async renew(
    sub: SubscriptionRef,
    target: PlanTarget,
    discount: { percentOff: number | null; amountOffCents: number | null } | null,
  ): Promise<BillingEvent[]> {
    const start = sub.periodEnd;
    const state = localSubscriptionState(sub, {
      tier: target.tier,
      period: target.period,
      periodStart: start,
      periodEnd: addPeriod(start, target.period),
      cancelAt: null,
      scheduled: null,
    });
    const subtotal = periodPriceCents(target.tier, target.period, sub.currency);
    const off = couponDiscountCents(subtotal, discount);
    const paid = !(await this.cardDeclines(sub.workspaceId));
    const invoice = localInvoice(
      state,
      {
        id: idFrom('lin', sub.subscriptionId, start.toISOString()),
        kind: 'subscription',
        subtotal,
        discount: off,
        paid,
        percentOff: discount?.percentOff ?? null,
      },
      this.clock.now(),
    );
    if (!paid) state.status = 'past_due';
    // Invoice first: if the process stops in between, the job runs again and the invoice id repeats.
    return [
      { type: paid ? 'invoice.paid' : 'invoice.payment_failed', invoice },
      { type: 'subscription.updated', state },
    ];
  }

  async connectAccount(input: { workspaceId: string; accountId: string | null; returnUrl: string }) {
    const id = newId(32);
    await checkoutRepo.insertCheckout(this.db, {
      id,
      workspaceId: input.workspaceId,
      provider: 'local',
      providerSessionId: id,
      mode: 'connect',
      returnPath: input.returnUrl,
      url: this.pageUrl(id),
      expiresAt: new Date(this.clock.now().getTime() + 24 * HOUR),
    });
    return { url: this.pageUrl(id), accountId: input.accountId ?? idFrom('lacct', input.workspaceId) };
  }

  async connectManagementLink(accountId: string, returnUrl: string) {
    const billing = await repo.findSubscriptionByPayoutsAccount(this.db, accountId);
    if (!billing) throw new Error('unknown payouts account');
    return this.connectAccount({ workspaceId: billing.workspaceId, accountId, returnUrl });
  }
}
