import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { PURCHASABLE_TIERS } from '@vocalis/contracts/billing';
import { addPeriod } from './clock';
import { periodPriceCents } from './prices';
import { priceLookupKey } from './stripe-provider';
import { evaluateCard } from './test-cards';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

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

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
let seq = 0;
const id = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(++seq).toString(36)}`;

/**
 * A small stand-in for the Stripe API endpoints the adapter calls (the real SDK reaches it through its
 * host/port/protocol options), plus what Stripe's hosted pages and clock would do: complete a checkout
 * with a test card, end a period. Every change is reported to the app as a webhook signed with the SDK's
 * own test header helper. Tests only: Stripe cannot run here.
 */
export class StripeFake {
  readonly prices = new Map<string, Obj>();
  readonly customers = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly schedules = new Map<string, Obj>();
  readonly setupIntents = new Map<string, Obj>();
  readonly invoiceItems: Obj[] = [];
  readonly coupons = new Map<string, Obj>();
  /** Every request the adapter made: method, path, idempotency key, body. */
  readonly requests: { method: string; path: string; idempotencyKey?: string; body: Obj }[] = [];
  private readonly replays = new Map<string, { status: number; body: unknown }>();
  private readonly declines = new Set<string>(); // customers whose later charges fail
  private server?: http.Server;
  url = '';
  webhookUrl = '';

  constructor(private readonly webhookSecret: string) {
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
        const answer = replay ?? this.route(req.method!, url.pathname, params);
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

  private notFound(path: string) {
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `No such resource: ${path}` } },
    };
  }

  private route(method: string, path: string, p: Obj): { status: number; body: unknown } {
    const ok = (body: unknown) => ({ status: 200, body });
    const m = (re: RegExp) => re.exec(`${method} ${path}`);
    let r: RegExpExecArray | null;
    if (m(/^GET \/v1\/prices$/)) {
      const keys: string[] = p.lookup_keys ?? [];
      return ok({
        object: 'list',
        data: keys.map((k) => this.prices.get(k)).filter(Boolean),
        has_more: false,
      });
    }
    if (m(/^POST \/v1\/customers$/)) {
      const c = {
        id: id('cus'),
        object: 'customer',
        email: p.email,
        metadata: p.metadata ?? {},
        invoice_settings: {},
      };
      this.customers.set(c.id, c);
      return ok(c);
    }
    if ((r = m(/^POST \/v1\/customers\/([^/]+)$/))) {
      const c = this.customers.get(r[1]!);
      if (!c) return this.notFound(path);
      Object.assign(c, { invoice_settings: p.invoice_settings ?? c.invoice_settings });
      return ok(c);
    }
    if (m(/^POST \/v1\/coupons$/)) {
      if (this.coupons.has(p.id)) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_already_exists',
              message: 'Coupon already exists.',
            },
          },
        };
      }
      const c = {
        id: p.id ?? id('co'),
        object: 'coupon',
        amount_off: p.amount_off === undefined ? null : Number(p.amount_off),
        percent_off: p.percent_off === undefined ? null : Number(p.percent_off),
        currency: p.currency ?? null,
        duration: p.duration,
        name: p.name ?? null,
      };
      this.coupons.set(c.id, c);
      return ok(c);
    }
    if (m(/^POST \/v1\/checkout\/sessions$/)) {
      const s = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: p.mode,
        status: 'open',
        customer: p.customer ?? null,
        currency: p.currency ?? null,
        metadata: p.metadata ?? {},
        subscription_data: p.subscription_data ?? {},
        line_items: p.line_items ?? [],
        discounts: p.discounts ?? [],
        success_url: p.success_url,
        cancel_url: p.cancel_url,
        subscription: null as string | null,
        setup_intent: null as string | null,
        url: '',
      };
      s.url = `https://checkout.stripe.test/c/pay/${s.id}`;
      if (s.discounts.some((d: Obj) => !this.coupons.has(d.coupon))) {
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such coupon' } } };
      }
      this.sessions.set(s.id, s);
      return ok(s);
    }
    if (m(/^POST \/v1\/billing_portal\/sessions$/)) {
      return ok({
        id: id('bps'),
        object: 'billing_portal.session',
        url: `https://billing.stripe.test/p/session/${id('x')}`,
        customer: p.customer,
      });
    }
    if ((r = m(/^GET \/v1\/subscriptions\/([^/]+)$/))) {
      const s = this.subscriptions.get(r[1]!);
      return s ? ok(s) : this.notFound(path);
    }
    if ((r = m(/^POST \/v1\/subscriptions\/([^/]+)$/))) return this.updateSubscription(r[1]!, p);
    if (m(/^POST \/v1\/subscription_schedules$/)) {
      const sub = this.subscriptions.get(p.from_subscription);
      if (!sub) return this.notFound(path);
      const item = sub.items.data[0];
      const schedule = {
        id: id('sub_sched'),
        object: 'subscription_schedule',
        subscription: sub.id,
        status: 'active',
        end_behavior: 'release',
        metadata: {},
        phases: [
          {
            start_date: item.current_period_start,
            end_date: item.current_period_end,
            items: [{ price: item.price.id, quantity: 1 }],
            metadata: {},
          },
        ],
      };
      this.schedules.set(schedule.id, schedule);
      sub.schedule = schedule.id;
      return ok(schedule);
    }
    if ((r = m(/^GET \/v1\/subscription_schedules\/([^/]+)$/))) {
      const s = this.schedules.get(r[1]!);
      return s ? ok(s) : this.notFound(path);
    }
    if ((r = m(/^POST \/v1\/subscription_schedules\/([^/]+)\/release$/))) {
      const s = this.schedules.get(r[1]!);
      if (!s) return this.notFound(path);
      s.status = 'released';
      const sub = this.subscriptions.get(s.subscription);
      if (sub) sub.schedule = null;
      return ok(s);
    }
    if ((r = m(/^POST \/v1\/subscription_schedules\/([^/]+)$/))) {
      const s = this.schedules.get(r[1]!);
      if (!s) return this.notFound(path);
      s.end_behavior = p.end_behavior ?? s.end_behavior;
      s.metadata = { ...s.metadata, ...(p.metadata ?? {}) };
      if (p.phases) {
        s.phases = (p.phases as Obj[]).map((ph) => ({
          start_date: ph.start_date ? Number(ph.start_date) : undefined,
          end_date: ph.end_date ? Number(ph.end_date) : undefined,
          items: ph.items,
          metadata: ph.metadata ?? {},
        }));
      }
      return ok(s);
    }
    if ((r = m(/^GET \/v1\/setup_intents\/([^/]+)$/))) {
      const s = this.setupIntents.get(r[1]!);
      return s ? ok(s) : this.notFound(path);
    }
    if (m(/^POST \/v1\/invoiceitems$/)) {
      const item = { id: id('ii'), object: 'invoiceitem', ...p, amount: Number(p.amount) };
      this.invoiceItems.push(item);
      return ok(item);
    }
    if (m(/^POST \/v1\/accounts$/))
      return ok({ id: id('acct'), object: 'account', metadata: p.metadata ?? {}, details_submitted: false });
    if (m(/^POST \/v1\/account_links$/))
      return ok({ object: 'account_link', url: `https://connect.stripe.test/setup/e/${p.account}` });
    if ((r = m(/^POST \/v1\/accounts\/([^/]+)\/login_links$/)))
      return ok({ object: 'login_link', url: `https://connect.stripe.test/express/${r[1]}` });
    return this.notFound(path);
  }

  private updateSubscription(subId: string, p: Obj) {
    const sub = this.subscriptions.get(subId);
    if (!sub) return this.notFound(`/v1/subscriptions/${subId}`);
    const item = sub.items.data[0];
    if (p.items?.[0]?.price && p.items[0].price !== item.price.id) {
      if (this.declines.has(sub.customer) && p.payment_behavior === 'error_if_incomplete') {
        return {
          status: 402,
          body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
        };
      }
      const price = [...this.prices.values()].find((x) => x.id === p.items[0].price)!;
      const now = new Date();
      const oldAmount = item.price.unit_amount;
      item.price = price;
      item.current_period_start = unix(now);
      item.current_period_end = unix(
        addPeriod(now, price.recurring.interval === 'year' ? 'annual_period' : 'monthly_period'),
      );
      this.pendingWebhooks.push(
        this.invoiceEvent(
          sub,
          'invoice.paid',
          price.unit_amount,
          Math.round(oldAmount / 2),
          'subscription_update',
        ),
      );
    }
    if (p.cancel_at_period_end !== undefined) sub.cancel_at_period_end = p.cancel_at_period_end === 'true';
    if (p.metadata) sub.metadata = { ...sub.metadata, ...p.metadata };
    if (p.discounts) sub.discounts = p.discounts;
    this.pendingWebhooks.push(this.event('customer.subscription.updated', sub));
    return { status: 200, body: sub };
  }

  /** Webhooks that API calls caused (Stripe sends them shortly after); `flush` delivers them. */
  readonly pendingWebhooks: Obj[] = [];

  private event(type: string, object: Obj): Obj {
    return {
      id: id('evt'),
      object: 'event',
      type,
      api_version: Stripe.API_VERSION,
      created: unix(new Date()),
      data: { object: structuredClone(object) },
    };
  }

  private invoiceEvent(sub: Obj, type: string, subtotal: number, discount: number, reason: string): Obj {
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
