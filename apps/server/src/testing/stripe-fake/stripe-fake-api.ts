import { addPeriod } from '../../billing/clock';
import { id, unix, type Obj, type StripeFakeState } from './stripe-fake-state';

/** The Stripe API endpoints the adapter calls, answered from the fake's objects as Stripe would answer. */
export function stripeFakeApi(
  fake: StripeFakeState,
  method: string,
  path: string,
  p: Obj,
): { status: number; body: unknown } {
  const ok = (body: unknown) => ({ status: 200, body });
  const m = (re: RegExp) => re.exec(`${method} ${path}`);
  let r: RegExpExecArray | null;
  if (m(/^GET \/v1\/prices$/)) {
    const keys: string[] = p.lookup_keys ?? [];
    return ok({
      object: 'list',
      data: keys.map((k) => fake.prices.get(k)).filter(Boolean),
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
    fake.customers.set(c.id, c);
    return ok(c);
  }
  if ((r = m(/^POST \/v1\/customers\/([^/]+)$/))) {
    const c = fake.customers.get(r[1]!);
    if (!c) return fake.notFound(path);
    Object.assign(c, { invoice_settings: p.invoice_settings ?? c.invoice_settings });
    return ok(c);
  }
  if (m(/^POST \/v1\/coupons$/)) {
    if (fake.coupons.has(p.id)) {
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
    fake.coupons.set(c.id, c);
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
    if (s.discounts.some((d: Obj) => !fake.coupons.has(d.coupon))) {
      return { status: 400, body: { error: { type: 'invalid_request_error', message: 'No such coupon' } } };
    }
    fake.sessions.set(s.id, s);
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
    const s = fake.subscriptions.get(r[1]!);
    return s ? ok(s) : fake.notFound(path);
  }
  if ((r = m(/^POST \/v1\/subscriptions\/([^/]+)$/))) return updateSubscription(fake, r[1]!, p);
  if (m(/^POST \/v1\/subscription_schedules$/)) {
    const sub = fake.subscriptions.get(p.from_subscription);
    if (!sub) return fake.notFound(path);
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
    fake.schedules.set(schedule.id, schedule);
    sub.schedule = schedule.id;
    return ok(schedule);
  }
  if ((r = m(/^GET \/v1\/subscription_schedules\/([^/]+)$/))) {
    const s = fake.schedules.get(r[1]!);
    return s ? ok(s) : fake.notFound(path);
  }
  if ((r = m(/^POST \/v1\/subscription_schedules\/([^/]+)\/release$/))) {
    const s = fake.schedules.get(r[1]!);
    if (!s) return fake.notFound(path);
    s.status = 'released';
    const sub = fake.subscriptions.get(s.subscription);
    if (sub) sub.schedule = null;
    return ok(s);
  }
  if ((r = m(/^POST \/v1\/subscription_schedules\/([^/]+)$/))) {
    const s = fake.schedules.get(r[1]!);
    if (!s) return fake.notFound(path);
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
    const s = fake.setupIntents.get(r[1]!);
    return s ? ok(s) : fake.notFound(path);
  }
  if (m(/^POST \/v1\/invoiceitems$/)) {
    const item = { id: id('ii'), object: 'invoiceitem', ...p, amount: Number(p.amount) };
    fake.invoiceItems.push(item);
    return ok(item);
  }
  if (m(/^POST \/v1\/accounts$/))
    return ok({ id: id('acct'), object: 'account', metadata: p.metadata ?? {}, details_submitted: false });
  if (m(/^POST \/v1\/account_links$/))
    return ok({ object: 'account_link', url: `https://connect.stripe.test/setup/e/${p.account}` });
  if ((r = m(/^POST \/v1\/accounts\/([^/]+)\/login_links$/)))
    return ok({ object: 'login_link', url: `https://connect.stripe.test/express/${r[1]}` });
  return fake.notFound(path);
}

function updateSubscription(fake: StripeFakeState, subId: string, p: Obj) {
  const sub = fake.subscriptions.get(subId);
  if (!sub) return fake.notFound(`/v1/subscriptions/${subId}`);
  const item = sub.items.data[0];
  if (p.items?.[0]?.price && p.items[0].price !== item.price.id) {
    if (fake.declines.has(sub.customer) && p.payment_behavior === 'error_if_incomplete') {
      return {
        status: 402,
        body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
      };
    }
    const price = [...fake.prices.values()].find((x) => x.id === p.items[0].price)!;
    const now = new Date();
    const oldAmount = item.price.unit_amount;
    item.price = price;
    item.current_period_start = unix(now);
    item.current_period_end = unix(
      addPeriod(now, price.recurring.interval === 'year' ? 'annual_period' : 'monthly_period'),
    );
    fake.pendingWebhooks.push(
      fake.invoiceEvent(
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
  fake.pendingWebhooks.push(fake.event('customer.subscription.updated', sub));
  return { status: 200, body: sub };
}
