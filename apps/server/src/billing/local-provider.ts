import { createHash } from 'node:crypto';
import type { AppDb } from '../db/client';
import { newId } from '../lib/ids';
import * as repo from '../features/billing/billing.repo';
import * as invoicesRepo from '../features/billing/invoices.repo';
import * as checkoutRepo from '../features/billing/checkout-sessions.repo';
import { addPeriod, type BillingClock } from './clock';
import { couponDiscountCents, periodPriceCents, unusedCreditCents } from './prices';
import type {
  BillingEvent,
  CheckoutStart,
  InvoiceState,
  PaymentProvider,
  PlanTarget,
  SetupStart,
  SubscriptionRef,
  SubscriptionState,
} from './provider';
import { CARD_DECLINED, evaluateCard, type CardForm } from './test-cards';

/** Thrown when a charge is declined; the service answers "Failed to {action} subscription". */
export class PaymentDeclined extends Error {}

const HOUR = 3600_000;
/** A stable id from a key, so the same request or job never makes two invoices. */
const idFrom = (prefix: string, ...parts: string[]) =>
  `${prefix}_${createHash('sha256').update(parts.join('\0')).digest('base64url').slice(0, 24)}`;

/**
 * The embedded card processor: our own hosted pages (`/billing/checkout/:id`) take test card numbers,
 * create the subscription and issue invoices, and fire the same events as the Stripe adapter.
 */
export class LocalPaymentProvider implements PaymentProvider {
  readonly kind = 'local' as const;

  constructor(
    private readonly db: AppDb,
    private readonly clock: BillingClock,
    private readonly publicUrl: string,
    /** Where events go (BillingService applies them). */
    private readonly emit: (events: BillingEvent[]) => Promise<void>,
  ) {}

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

  /**
   * The hosted page's form was sent. Succeeds (events fired), needs authentication (4000 0025 0000 3155),
   * or fails with the text to show again on the page.
   */
  async submitCard(
    sessionId: string,
    form: CardForm,
  ): Promise<{
    status: 'complete' | 'requires_action' | 'error';
    message?: string;
    session: checkoutRepo.CheckoutRow;
  }> {
    const session = await this.openSession(sessionId);
    const card = evaluateCard(form, this.clock.now());
    if ('error' in card) return { status: 'error', message: card.error, session };
    if (card.outcome === 'declined') {
      await this.emit([{ type: 'checkout.failed', checkoutSessionId: sessionId, message: CARD_DECLINED }]);
      // The page stays usable: another card may be tried.
      await checkoutRepo.updateCheckout(this.db, sessionId, { status: 'open' });
      return { status: 'error', message: CARD_DECLINED, session };
    }
    const cardInfo = {
      brand: card.brand,
      last4: card.last4,
      behaviour: card.outcome === 'later_declines' ? ('declines' as const) : ('succeeds' as const),
    };
    if (card.outcome === 'requires_action') {
      await checkoutRepo.updateCheckout(this.db, sessionId, { status: 'requires_action', failureMessage: null });
      // Remember the card until the authentication step ends.
      await checkoutRepo.updateCheckout(this.db, sessionId, {
        providerSessionId: `${sessionId}:${card.brand}:${card.last4}`,
      });
      return { status: 'requires_action', session };
    }
    await this.complete(session, cardInfo);
    return { status: 'complete', session };
  }

  /** The authentication step of a card that required action: completed or failed by the user. */
  async authenticate(
    sessionId: string,
    approved: boolean,
  ): Promise<{ status: 'complete' | 'error'; message?: string }> {
    const session = await checkoutRepo.findCheckout(this.db, sessionId);
    if (!session || session.status !== 'requires_action')
      return { status: 'error', message: 'This payment page has expired.' };
    if (!approved) {
      await checkoutRepo.updateCheckout(this.db, sessionId, { status: 'open', providerSessionId: sessionId });
      const message =
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
      await checkoutRepo.updateCheckout(this.db, sessionId, { failureMessage: message });
      return { status: 'error', message };
    }
    const [, brand, last4] = (session.providerSessionId ?? '').split(':');
    await this.complete(session, { brand: brand ?? 'visa', last4: last4 ?? '3155', behaviour: 'succeeds' });
    return { status: 'complete' };
  }

  /** Payouts onboarding form sent: the workspace's connected account is ready. */
  async completeConnect(session: checkoutRepo.CheckoutRow): Promise<void> {
    const claimed = await checkoutRepo.updateCheckout(
      this.db,
      session.id,
      { status: 'complete', completedAt: this.clock.now() },
      ['open'],
    );
    if (!claimed) return;
    await this.emit([
      {
        type: 'payouts.onboarded',
        workspaceId: session.workspaceId,
        accountId: idFrom('lacct', session.workspaceId),
      },
    ]);
  }

  private async openSession(id: string): Promise<checkoutRepo.CheckoutRow> {
    const session = await checkoutRepo.findCheckout(this.db, id);
    if (!session) throw new Error('unknown checkout session');
    return session;
  }

  private async complete(
    session: checkoutRepo.CheckoutRow,
    card: { brand: string; last4: string; behaviour: 'succeeds' | 'declines' },
  ) {
    const customerId = idFrom('lcus', session.workspaceId);
    if (session.mode !== 'subscription') {
      await this.emit([
        { type: 'checkout.completed', checkoutSessionId: session.id, customerId, subscription: null, card },
      ]);
      // A new card that can pay settles the open invoices (a past_due plan becomes active again).
      if (card.behaviour === 'succeeds') await this.emit(await this.payOpenInvoices(session.workspaceId));
      return;
    }
    const now = this.clock.now();
    const period = session.billingPeriod ?? 'monthly_period';
    const currency = session.currency ?? 'usd';
    const state: SubscriptionState = {
      workspaceId: session.workspaceId,
      customerId,
      subscriptionId: idFrom('lsub', session.id),
      tier: session.tier!,
      period,
      currency,
      status: 'active',
      periodStart: now,
      periodEnd: addPeriod(now, period),
      cancelAt: null,
      scheduled: null,
    };
    const subtotal = session.subtotalCents ?? 0;
    const due = session.amountDueCents ?? subtotal;
    await this.emit([
      { type: 'checkout.completed', checkoutSessionId: session.id, customerId, subscription: state, card },
      {
        type: 'invoice.paid',
        invoice: this.invoice(state, {
          id: idFrom('lin', session.id),
          kind: 'subscription',
          subtotal,
          discount: subtotal - due,
          paid: true,
        }),
      },
    ]);
  }

  private invoice(
    st: Pick<SubscriptionState, 'workspaceId' | 'tier' | 'period' | 'currency' | 'periodStart' | 'periodEnd'>,
    i: {
      id: string;
      kind: InvoiceState['kind'];
      subtotal: number;
      discount: number;
      paid: boolean;
      percentOff?: number | null;
    },
  ): InvoiceState {
    return {
      workspaceId: st.workspaceId,
      providerInvoiceId: i.id,
      kind: i.kind,
      status: i.paid ? 'paid' : 'open',
      tier: st.tier,
      period: st.period,
      currency: st.currency,
      subtotalCents: i.subtotal,
      discountCents: i.discount,
      amountDueCents: i.subtotal - i.discount,
      discountPercentOff: i.percentOff ?? null,
      discountAmountOffCents: i.discount && !i.percentOff ? i.discount : null,
      periodStart: st.periodStart,
      periodEnd: st.periodEnd,
      // An unpaid invoice is tried again in a day.
      nextPaymentAttemptAt: i.paid ? null : new Date(this.clock.now().getTime() + 24 * HOUR),
      paymentIntentStatus: i.paid ? 'succeeded' : 'requires_payment_method',
    };
  }

  private async payOpenInvoices(workspaceId: string): Promise<BillingEvent[]> {
    const open = await invoicesRepo.openInvoices(this.db, workspaceId);
    return open.map((i) => ({
      type: 'invoice.paid' as const,
      invoice: {
        workspaceId,
        providerInvoiceId: i.providerInvoiceId ?? i.id,
        kind: i.kind,
        status: 'paid' as const,
        tier: i.tier,
        period: i.billingPeriod,
        currency: i.currency,
        subtotalCents: i.subtotalCents,
        discountCents: i.discountCents,
        amountDueCents: i.amountDueCents,
        discountPercentOff: i.discountPercentOff,
        discountAmountOffCents: i.discountAmountOffCents,
        periodStart: i.periodStart,
        periodEnd: i.periodEnd,
        nextPaymentAttemptAt: null,
        paymentIntentStatus: 'succeeded',
      },
    }));
  }

  private async cardDeclines(workspaceId: string): Promise<boolean> {
    const billing = await repo.workspaceBilling(this.db, workspaceId);
    return billing?.sub.cardBehaviour === 'declines';
  }

  private stateOf(sub: SubscriptionRef, patch: Partial<SubscriptionState> = {}): SubscriptionState {
    return {
      workspaceId: sub.workspaceId,
      customerId: sub.customerId,
      subscriptionId: sub.subscriptionId,
      tier: sub.tier,
      period: sub.period,
      currency: sub.currency,
      status: 'active',
      periodStart: sub.periodStart,
      periodEnd: sub.periodEnd,
      cancelAt: sub.cancelAt,
      scheduled: null,
      ...patch,
    };
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
    const state = this.stateOf(sub, {
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
        invoice: this.invoice(state, {
          id: idFrom('lin', sub.workspaceId, idempotencyKey),
          kind: 'proration',
          subtotal: newPrice,
          discount: Math.min(newPrice, credit),
          paid: true,
        }),
      },
    ];
  }

  async scheduleDowngrade(sub: SubscriptionRef, target: PlanTarget): Promise<BillingEvent[]> {
    const scheduled = { tier: target.tier, period: target.period, scheduleId: null };
    return [{ type: 'subscription.updated', state: this.stateOf(sub, { scheduled }) }];
  }

  async cancelDowngrade(sub: SubscriptionRef): Promise<BillingEvent[]> {
    return [{ type: 'subscription.updated', state: this.stateOf(sub, { scheduled: null }) }];
  }

  async setCancelAtPeriodEnd(sub: SubscriptionRef, cancel: boolean): Promise<BillingEvent[]> {
    return [
      { type: 'subscription.updated', state: this.stateOf(sub, { cancelAt: cancel ? sub.periodEnd : null }) },
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
    const invoice = this.invoice(
      { ...sub, periodStart: input.periodStart, periodEnd: input.periodEnd },
      {
        id: idFrom('lin', sub.workspaceId, 'overage', input.periodStart.toISOString()),
        kind: 'overage',
        subtotal: input.amountCents,
        discount: 0,
        paid,
      },
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
    const state = this.stateOf(sub, {
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
    const invoice = this.invoice(state, {
      id: idFrom('lin', sub.subscriptionId, start.toISOString()),
      kind: 'subscription',
      subtotal,
      discount: off,
      paid,
      percentOff: discount?.percentOff ?? null,
    });
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
