import { monthlyCharacterLimit } from '@vocalis/domain/plan-limits';
import { seats } from '@vocalis/domain/billing/plans';
import { isPaidTier } from '@vocalis/domain/billing/tiers';
import type { AppDb } from '../../db/client';
import type { PaymentProviderKind } from '../../db/schema/billing';
import { addPeriod } from '../../billing/clock';
import type { BillingEvent, CardInfo, InvoiceState, SubscriptionState } from '../../billing/provider';
import { newId } from '../../lib/ids';
import { billingPeriodEndSpec, billingReceiptSpec } from './billing-jobs';
import { enqueue } from '../../jobs/queue';
import * as repo from './billing.repo';
import * as invoicesRepo from './invoices.repo';
import * as couponsRepo from './coupons.repo';
import * as checkoutRepo from './checkout-sessions.repo';

/** Tiers the workspace has had, oldest first, without repeats. */
const withTier = (tiers: string[], tier: string) =>
  isPaidTier(tier) && !tiers.includes(tier) ? [...tiers, tier] : tiers;

/** The next character reset inside a period: characters refresh monthly, also on annual plans. */
const nextReset = (periodStart: Date, periodEnd: Date) => {
  const month = addPeriod(periodStart, 'monthly_period');
  return month < periodEnd ? month : periodEnd;
};

/**
 * Applies provider events to the database: the only place billing state changes from what a provider
 * reports. Every event is idempotent (states are set, not incremented; invoices are keyed), so a
 * webhook delivered twice or a job that runs again changes nothing more.
 */
export async function applyBillingEvent(
  db: AppDb,
  provider: PaymentProviderKind,
  event: BillingEvent,
): Promise<void> {
  await db.transaction(async (tx) => {
    switch (event.type) {
      case 'checkout.completed':
        return checkoutCompleted(tx, provider, event);
      case 'checkout.failed':
        await checkoutRepo.updateCheckout(
          tx,
          event.checkoutSessionId,
          { status: 'failed', failureMessage: event.message },
          ['open', 'requires_action'],
        );
        return;
      case 'subscription.updated':
        return applySubscriptionState(tx, provider, event.state);
      case 'subscription.deleted':
        return endSubscription(tx, event.workspaceId, event.subscriptionId);
      case 'invoice.paid':
      case 'invoice.payment_failed':
        return applyInvoice(tx, provider, event.invoice, event.type === 'invoice.paid');
      case 'payment_method.updated':
        return setCard(tx, event.workspaceId, event.card);
      case 'payouts.onboarded':
        await repo.lockSubscription(tx, event.workspaceId);
        await repo.updateSubscription(tx, event.workspaceId, {
          payoutsAccountId: event.accountId,
          payoutsOnboardedAt: new Date(),
        });
        return;
    }
  });
}

async function checkoutCompleted(
  tx: AppDb,
  provider: PaymentProviderKind,
  event: Extract<BillingEvent, { type: 'checkout.completed' }>,
): Promise<void> {
  const session = await checkoutRepo.updateCheckout(
    tx,
    event.checkoutSessionId,
    { status: 'complete', completedAt: new Date(), failureMessage: null },
    ['open', 'requires_action'],
  );
  if (!session) return; // completed before (a repeated webhook), or expired
  const ws = session.workspaceId;
  await repo.lockSubscription(tx, ws);
  if (event.customerId)
    await repo.updateSubscription(tx, ws, { providerCustomerId: event.customerId, provider });
  if (event.card) await setCard(tx, ws, event.card);
  if (session.mode === 'verify') await repo.updateSubscription(tx, ws, { cardVerifiedAt: new Date() });
  if (session.mode === 'subscription' && event.subscription) {
    await applySubscriptionState(tx, provider, event.subscription);
    await repo.updateSubscription(tx, ws, { trustOnInvoiceCreation: true });
    if (session.promocode) {
      const coupon = await couponsRepo.findCoupon(tx, session.promocode);
      if (coupon && (await couponsRepo.redeemCoupon(tx, coupon.code))) {
        // The first invoice already had the discount; the rest of the coupon's months follow.
        await repo.updateSubscription(tx, ws, {
          discountCode: coupon.code,
          discountPercentOff: coupon.percentOff,
          discountAmountOffCents: coupon.amountOffCents,
          discountInvoicesLeft: Math.max(0, coupon.durationInMonths - 1),
        });
      }
    }
  }
}

/** Sets the subscription to what the provider reports: tier, period, status, dates, schedule. */
export async function applySubscriptionState(
  tx: AppDb,
  /** null: an operator's plan without a card processor. */
  provider: PaymentProviderKind | null,
  st: SubscriptionState,
): Promise<void> {
  const sub = await repo.lockSubscription(tx, st.workspaceId);
  if (!sub) return;
  const billing = await repo.workspaceBilling(tx, st.workspaceId);
  if (!billing) return;
  const newPeriod = sub.currentPeriodStart?.getTime() !== st.periodStart.getTime();
  await repo.updateSubscription(tx, st.workspaceId, {
    provider,
    providerCustomerId: st.customerId ?? sub.providerCustomerId,
    providerSubscriptionId: st.subscriptionId,
    providerScheduleId: st.scheduled?.scheduleId ?? null,
    billingPeriod: st.period,
    currency: st.currency,
    status: st.status,
    currentPeriodStart: st.periodStart,
    currentPeriodEnd: st.periodEnd,
    cancelAt: st.cancelAt,
    scheduledChangeType: st.scheduled ? 'downgrade' : null,
    scheduledTier: st.scheduled?.tier ?? null,
    scheduledPeriod: st.scheduled?.period ?? null,
    previouslySubscribedTiers: withTier(
      withTier(sub.previouslySubscribedTiers, billing.workspace.tier),
      st.tier,
    ),
  });
  await repo.setWorkspaceTier(tx, st.workspaceId, st.tier, seats(st.tier));
  // The period-end job for this period (one per workspace: a later period replaces it).
  await enqueue(
    tx,
    billingPeriodEndSpec,
    { workspaceId: st.workspaceId },
    {
      runAt: st.periodEnd,
      jobKey: `billing.period-end:${st.workspaceId}`,
    },
  );
  await repo.setCharacterLimit(
    tx,
    st.workspaceId,
    monthlyCharacterLimit(st.tier),
    newPeriod ? { nextResetAt: nextReset(st.periodStart, st.periodEnd) } : undefined,
  );
}

/** The paid plan has ended: back to free (the tier it had is remembered). null ends whatever plan it has. */
export async function endSubscription(
  tx: AppDb,
  workspaceId: string,
  subscriptionId: string | null,
): Promise<void> {
  const sub = await repo.lockSubscription(tx, workspaceId);
  if (!sub) return;
  if (subscriptionId !== null && sub.providerSubscriptionId && sub.providerSubscriptionId !== subscriptionId)
    return;
  const billing = await repo.workspaceBilling(tx, workspaceId);
  if (!billing) return;
  await repo.updateSubscription(tx, workspaceId, {
    status: 'free',
    providerSubscriptionId: null,
    providerScheduleId: null,
    currentPeriodStart: null,
    currentPeriodEnd: null,
    cancelAt: null,
    scheduledChangeType: null,
    scheduledTier: null,
    scheduledPeriod: null,
    billingPeriod: 'monthly_period',
    discountCode: null,
    discountPercentOff: null,
    discountAmountOffCents: null,
    discountInvoicesLeft: null,
    previouslySubscribedTiers: withTier(sub.previouslySubscribedTiers, billing.workspace.tier),
  });
  await repo.setWorkspaceTier(tx, workspaceId, 'free', seats('free'));
  await repo.setCharacterLimit(tx, workspaceId, monthlyCharacterLimit('free'));
}

async function applyInvoice(tx: AppDb, provider: PaymentProviderKind, inv: InvoiceState, paid: boolean) {
  const { newlyPaidId } = await invoicesRepo.upsertInvoice(tx, {
    id: newId(),
    workspaceId: inv.workspaceId,
    provider,
    providerInvoiceId: inv.providerInvoiceId,
    kind: inv.kind,
    status: inv.status,
    tier: inv.tier,
    billingPeriod: inv.period,
    currency: inv.currency,
    subtotalCents: inv.subtotalCents,
    discountCents: inv.discountCents,
    amountDueCents: inv.amountDueCents,
    discountPercentOff: inv.discountPercentOff,
    discountAmountOffCents: inv.discountAmountOffCents,
    periodStart: inv.periodStart,
    periodEnd: inv.periodEnd,
    nextPaymentAttemptAt: inv.nextPaymentAttemptAt,
    paymentIntentStatus: inv.paymentIntentStatus,
    paidAt: paid ? new Date() : null,
  });
  // The receipt goes out with the payment on record (same transaction), once per invoice.
  if (newlyPaidId)
    await enqueue(
      tx,
      billingReceiptSpec,
      { invoiceId: newlyPaidId },
      { jobKey: `billing.receipt:${newlyPaidId}` },
    );
  const sub = await repo.lockSubscription(tx, inv.workspaceId);
  if (!sub || inv.kind === 'overage') return;
  // A failed renewal is a payment problem (past_due); paying the open invoice makes the plan active again.
  if (!paid && sub.status === 'active')
    await repo.updateSubscription(tx, inv.workspaceId, { status: 'past_due' });
  if (paid && sub.status === 'past_due') {
    const open = await invoicesRepo.openInvoices(tx, inv.workspaceId);
    if (open.length === 0) await repo.updateSubscription(tx, inv.workspaceId, { status: 'active' });
  }
}

async function setCard(tx: AppDb, workspaceId: string, card: CardInfo): Promise<void> {
  await repo.lockSubscription(tx, workspaceId);
  await repo.updateSubscription(tx, workspaceId, {
    cardBrand: card.brand,
    cardLast4: card.last4,
    cardBehaviour: card.behaviour ?? null,
  });
}
