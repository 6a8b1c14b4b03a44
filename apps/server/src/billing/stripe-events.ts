import type Stripe from 'stripe';
import type { BillingPeriod, Currency } from '@vocalis/domain/billing/tiers';
import type { SubscriptionStatus } from '../db/schema/billing';
import type { BillingEvent, InvoiceState, SubscriptionState } from './provider';

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
export const idOf = (v: string | { id: string } | null | undefined) =>
  typeof v === 'string' ? v : (v?.id ?? null);

/** A Stripe subscription (and its schedule) as our subscription state. */
export async function stripeSubscriptionState(
  stripe: Stripe,
  sub: Stripe.Subscription,
): Promise<SubscriptionState> {
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
        : await stripe.subscriptionSchedules.retrieve(scheduleId);
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

/** A verified Stripe event as billing events (none for events we do not use). */
export async function stripeBillingEvents(stripe: Stripe, event: Stripe.Event): Promise<BillingEvent[]> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const s = event.data.object;
      const ours = s.metadata?.checkout_session_id;
      if (!ours) return [];
      if (s.mode === 'subscription' && s.subscription) {
        const sub = await stripe.subscriptions.retrieve(idOf(s.subscription)!);
        return [
          {
            type: 'checkout.completed',
            checkoutSessionId: ours,
            customerId: idOf(s.customer),
            subscription: await stripeSubscriptionState(stripe, sub),
            card: null,
          },
        ];
      }
      if (s.mode === 'setup' && s.setup_intent) {
        const intent = await stripe.setupIntents.retrieve(idOf(s.setup_intent)!, {
          expand: ['payment_method'],
        });
        const pm = typeof intent.payment_method === 'object' ? intent.payment_method : null;
        if (pm && s.customer) {
          await stripe.customers.update(idOf(s.customer)!, {
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
      return [{ type: 'subscription.updated', state: await stripeSubscriptionState(stripe, sub) }];
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
      const invoice = stripeInvoiceState(event.data.object, event.type === 'invoice.paid');
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

/** A Stripe invoice of one of our subscriptions as our invoice state; null for other invoices. */
export function stripeInvoiceState(inv: Stripe.Invoice, paid: boolean): InvoiceState | null {
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
