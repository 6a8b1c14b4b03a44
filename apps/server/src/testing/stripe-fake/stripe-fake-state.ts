import Stripe from 'stripe';
import { PURCHASABLE_TIERS } from '@vocalis/contracts/billing';
import { periodPriceCents } from '../../billing/prices';
import { priceLookupKey } from '../../billing/stripe-events';

export type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const unix = (d: Date) => Math.floor(d.getTime() / 1000);
let seq = 0;
export const id = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++seq).toString(36)}`;

/** What the Stripe fake holds (its objects, as Stripe's API shows them) and the events it builds from them. */
export class StripeFakeState {
  readonly prices = new Map<string, Obj>();
  readonly customers = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly schedules = new Map<string, Obj>();
  readonly setupIntents = new Map<string, Obj>();
  readonly invoiceItems: Obj[] = [];
  readonly coupons = new Map<string, Obj>();
  /** Customers whose later charges fail. */
  readonly declines = new Set<string>();
  /** Webhooks that API calls caused (Stripe sends them shortly after); `flush` delivers them. */
  readonly pendingWebhooks: Obj[] = [];

  constructor() {
    for (const tier of PURCHASABLE_TIERS) {
      for (const period of ['monthly_period', 'annual_period'] as const) {
        for (const currency of ['usd', 'eur'] as const) {
          const key = priceLookupKey(tier, period, currency);
          this.prices.set(key, {
            id: `price_${key}`,
            object: 'price',
            active: true,
            lookup_key: key,
            currency,
            unit_amount: periodPriceCents(tier, period, currency),
            recurring: { interval: period === 'annual_period' ? 'year' : 'month', interval_count: 1 },
          });
        }
      }
    }
  }

  notFound(path: string) {
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `No such resource: ${path}` } },
    };
  }

  event(type: string, object: Obj): Obj {
    return {
      id: id('evt'),
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: unix(new Date()),
      data: { object: structuredClone(object) },
    };
  }

  invoiceEvent(sub: Obj, type: string, subtotal: number, discount: number, reason: string): Obj {
    const item = sub.items.data[0];
    const extra = this.invoiceItems.filter((i) => i.subscription === sub.id && !i.invoiced);
    for (const i of extra) i.invoiced = true;
    const extraAmount = extra.reduce((n, i) => n + i.amount, 0);
    return this.event(type, {
      id: id('in'),
      object: 'invoice',
      customer: sub.customer,
      status: type === 'invoice.paid' ? 'paid' : 'open',
      billing_reason: reason,
      currency: item.price.currency,
      subtotal: subtotal + extraAmount,
      amount_due: subtotal + extraAmount - discount,
      total_discount_amounts: discount ? [{ amount: discount, discount: 'di_1' }] : [],
      next_payment_attempt: type === 'invoice.paid' ? null : unix(new Date()) + 86_400,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      lines: { data: [{ period: { start: item.current_period_start, end: item.current_period_end } }] },
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
      },
    });
  }
}
