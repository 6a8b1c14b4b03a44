import type { AppDb } from '../db/client';
import * as checkoutRepo from '../features/billing/checkout-sessions.repo';
import { addPeriod, type BillingClock } from './clock';
import { idFrom, localInvoice, paidOpenInvoices } from './local-invoices';
import type { BillingEvent, SubscriptionState } from './provider';
import { CARD_DECLINED, evaluateCard, type CardForm } from './test-cards';

/** The local provider's hosted pages: the card form, the authentication step, payouts onboarding. */
export class LocalCardPages {
  constructor(
    private readonly db: AppDb,
    private readonly clock: BillingClock,
    /** Where events go (BillingService applies them). */
    private readonly emit: (events: BillingEvent[]) => Promise<void>,
  ) {}

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
      await checkoutRepo.updateCheckout(this.db, sessionId, {
        status: 'requires_action',
        failureMessage: null,
      });
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
      if (card.behaviour === 'succeeds')
        await this.emit(await paidOpenInvoices(this.db, session.workspaceId));
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
        invoice: localInvoice(
          state,
          {
            id: idFrom('lin', session.id),
            kind: 'subscription',
            subtotal,
            discount: subtotal - due,
            paid: true,
          },
          now,
        ),
      },
    ]);
  }
}
