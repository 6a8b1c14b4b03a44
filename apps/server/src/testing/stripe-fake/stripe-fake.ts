import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { addPeriod } from '../../billing/clock';
import { stripeFakeApi } from './stripe-fake-api';
import { id, StripeFakeState, unix, type Obj } from './stripe-fake-state';
import { evaluateCard } from '../../billing/test-cards';

/** Reads Stripe's form encoding (`a[b][0][c]=x`) into nested objects and arrays. */
export function parseStripeForm(body: string): Obj {
  const out: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Obj = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return out;
}

/**
 * A small stand-in for the Stripe API endpoints the adapter calls (the real SDK reaches it through its
 * host/port/protocol options), plus what Stripe's hosted pages and clock would do: complete a checkout
 * with a test card, end a period. Every change is reported to the app as a webhook signed with the SDK's
 * own test header helper. Tests only: Stripe cannot run here.
 */
export class StripeFake extends StripeFakeState {
  /** Every request the adapter made: method, path, idempotency key, body. */
  readonly requests: { method: string; path: string; idempotencyKey?: string; body: Obj }[] = [];
  private readonly replays = new Map<string, { status: number; body: unknown }>();
  private server?: http.Server;
  url = '';
  webhookUrl = '';

  constructor(private readonly webhookSecret: string) {
    super();
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const url = new URL(req.url!, 'http://fake');
        const params = req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
        const key = req.headers['idempotency-key'] as string | undefined;
        this.requests.push({ method: req.method!, path: url.pathname, idempotencyKey: key, body: params });
        const replay = key ? this.replays.get(`${req.method} ${url.pathname} ${key}`) : undefined;
        const answer = replay ?? stripeFakeApi(this, req.method!, url.pathname, params);
        if (key && !replay) this.replays.set(`${req.method} ${url.pathname} ${key}`, answer);
        res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Delivers events to the app's webhook endpoint, signed like Stripe signs them. */
  async send(events: Obj[]): Promise<number[]> {
    const statuses: number[] = [];
    for (const event of events) {
      const payload = JSON.stringify(event);
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
      const res = await fetch(this.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        body: payload,
      });
      statuses.push(res.status);
    }
    return statuses;
  }

  async flush(): Promise<number[]> {
    return this.send(this.pendingWebhooks.splice(0));
  }

  /** What Stripe's hosted page does when the user pays with `card`: the subscription, its invoice, webhooks. */
  async completeCheckout(sessionUrl: string, card: string): Promise<'complete' | 'declined'> {
    const session = this.sessions.get(sessionUrl.split('/').at(-1)!)!;
    const result = evaluateCard({ number: card, expiry: '12/34', cvc: '123' }, new Date());
    if ('error' in result || result.outcome === 'declined') return 'declined';
    if (result.outcome === 'later_declines') this.declines.add(session.customer);
    session.status = 'complete';
    if (session.mode === 'setup') {
      const intent = {
        id: id('seti'),
        object: 'setup_intent',
        payment_method: {
          id: id('pm'),
          object: 'payment_method',
          card: { brand: result.brand, last4: result.last4 },
        },
      };
      this.setupIntents.set(intent.id, intent);
      session.setup_intent = intent.id;
      await this.send([this.event('checkout.session.completed', session)]);
      return 'complete';
    }
    const price = [...this.prices.values()].find((x) => x.id === session.line_items[0].price)!;
    const now = new Date();
    const sub = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      currency: price.currency,
      cancel_at_period_end: false,
      cancel_at: null,
      schedule: null as string | null,
      metadata: { ...(session.subscription_data.metadata ?? {}) },
      discounts: session.discounts,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: unix(now),
            current_period_end: unix(
              addPeriod(now, price.recurring.interval === 'year' ? 'annual_period' : 'monthly_period'),
            ),
          },
        ],
      },
    };
    this.subscriptions.set(sub.id, sub);
    session.subscription = sub.id;
    const coupon = session.discounts[0] ? this.coupons.get(session.discounts[0].coupon) : undefined;
    const discount = coupon
      ? (coupon.amount_off ?? Math.round((price.unit_amount * coupon.percent_off) / 100))
      : 0;
    await this.send([
      this.event('customer.subscription.created', sub),
      this.event('checkout.session.completed', session),
      this.invoiceEvent(
        sub,
        'invoice.paid',
        price.unit_amount,
        Math.min(discount, price.unit_amount),
        'subscription_create',
      ),
    ]);
    return 'complete';
  }

  /** Stripe's clock reaches the period end: the schedule's next phase, a cancellation, or a renewal. */
  async endPeriod(subId: string): Promise<void> {
    const sub = this.subscriptions.get(subId)!;
    const item = sub.items.data[0];
    const schedule = sub.schedule ? this.schedules.get(sub.schedule) : undefined;
    if (
      sub.cancel_at_period_end ||
      (schedule && schedule.end_behavior === 'cancel' && schedule.phases.length === 1)
    ) {
      sub.status = 'canceled';
      if (schedule) schedule.status = 'completed';
      await this.send([this.event('customer.subscription.deleted', sub)]);
      return;
    }
    if (schedule && schedule.phases[1]) {
      const next = schedule.phases[1];
      item.price = [...this.prices.values()].find((x) => x.id === next.items[0].price)!;
      sub.metadata = { ...sub.metadata, ...next.metadata };
      schedule.status = 'released';
      sub.schedule = null;
    }
    const start = new Date(item.current_period_end * 1000);
    item.current_period_start = unix(start);
    item.current_period_end = unix(
      addPeriod(start, item.price.recurring.interval === 'year' ? 'annual_period' : 'monthly_period'),
    );
    const failed = this.declines.has(sub.customer);
    if (failed) sub.status = 'past_due';
    await this.send([
      this.invoiceEvent(
        sub,
        failed ? 'invoice.payment_failed' : 'invoice.paid',
        item.price.unit_amount,
        0,
        'subscription_cycle',
      ),
      this.event('customer.subscription.updated', sub),
    ]);
  }
}
