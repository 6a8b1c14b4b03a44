import { createHash } from 'node:crypto';
import type { AppDb } from '../db/client';
import * as invoicesRepo from '../features/billing/invoices.repo';
import type { BillingEvent, InvoiceState, SubscriptionRef, SubscriptionState } from './provider';

const HOUR = 3600_000;

/** A stable id from a key, so the same request or job never makes two invoices. */
export const idFrom = (prefix: string, ...parts: string[]) =>
  `${prefix}_${createHash('sha256').update(parts.join('\0')).digest('base64url').slice(0, 24)}`;

/** An invoice the local provider issues; an unpaid one is tried again a day after `now`. */
export function localInvoice(
  st: Pick<SubscriptionState, 'workspaceId' | 'tier' | 'period' | 'currency' | 'periodStart' | 'periodEnd'>,
  i: {
    id: string;
    kind: InvoiceState['kind'];
    subtotal: number;
    discount: number;
    paid: boolean;
    percentOff?: number | null;
  },
  now: Date,
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
    nextPaymentAttemptAt: i.paid ? null : new Date(now.getTime() + 24 * HOUR),
    paymentIntentStatus: i.paid ? 'succeeded' : 'requires_payment_method',
  };
}

/** The workspace's open invoices, now paid (a new card that can pay settles them). */
export async function paidOpenInvoices(db: AppDb, workspaceId: string): Promise<BillingEvent[]> {
  const open = await invoicesRepo.openInvoices(db, workspaceId);
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

/** The subscription as the local provider reports it, with `patch` applied. */
export function localSubscriptionState(
  sub: SubscriptionRef,
  patch: Partial<SubscriptionState> = {},
): SubscriptionState {
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
