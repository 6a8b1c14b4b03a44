import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeFake } from '../../testing/stripe-fake/stripe-fake';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { billingClient, DECLINED_CARD, LATER_DECLINES_CARD, SUCCESS_CARD } from './billing-test-helpers';

const SECRET = 'whsec_test_secret_for_vocalis';

describe(`billing with the Stripe adapter against a fake Stripe on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let fake: StripeFake;
  let b: ReturnType<typeof billingClient>;
  beforeAll(async () => {
    fake = new StripeFake(SECRET);
    await fake.start();
    app = await startTestApp({
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_vocalis',
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_API_URL: fake.url,
      },
    });
    fake.webhookUrl = `${app.url}/v1/billing/stripe-webhook`;
    b = billingClient(app);
  });
  afterAll(async () => {
    await app?.close();
    await fake?.stop();
  });

  const checkout = (user: TestUser, body: Record<string, unknown>) =>
    b.call(user, '/v1/billing/create-checkout-session', body);
  const change = (user: TestUser, tier: string, key: string, period = 'monthly_period') =>
    b.call(user, '/v1/billing/change-subscription', {
      subscription_type: tier,
      billing_period: period,
      idempotency_key: key,
    });
  async function subscribed(tier: string, card = SUCCESS_CARD) {
    const user = await createTestUser(app);
    const res = await checkout(user, {
      subscription_type: tier,
      billing_period: 'monthly_period',
      currency: 'usd',
    });
    expect(res.status).toBe(200);
    expect(await fake.completeCheckout(res.body.url, card)).toBe('complete');
    return user;
  }
  /** The workspace's newest Stripe subscription in the fake. */
  const subId = async (user: TestUser) => {
    const subs = [...fake.subscriptions.values()].filter((s) => s.metadata.workspace_id === user.workspaceId);
    return subs.at(-1)!.id as string;
  };

  it('subscribes through Stripe Checkout; the signed webhooks make the plan active', async () => {
    const user = await createTestUser(app);
    const res = await checkout(user, {
      subscription_type: 'creator',
      billing_period: 'monthly_period',
      currency: 'usd',
    });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const created = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(created.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_vocalis_creator_monthly_period_usd', quantity: '1' }],
      metadata: { workspace_id: user.workspaceId, tier: 'creator' },
    });
    expect(created.idempotencyKey).toMatch(/^checkout:/);
    expect((await b.subscription(user)).tier).toBe('free');

    await fake.completeCheckout(res.body.url, SUCCESS_CARD);
    const s = await b.subscription(user);
    expect(s).toMatchObject({
      tier: 'creator',
      status: 'active',
      character_limit: 100_000,
      payment_provider: 'stripe',
    });
    const [invoice] = await b.invoices(user.workspaceId);
    expect(invoice).toMatchObject({ provider: 'stripe', status: 'paid', amountDueCents: 1100 }); // §9: the first Creator month is $11
    const portal = await b.call(user, '/v1/billing/create-portal-session', {});
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
  });

  it('leaves the workspace on free when Stripe declines the card', async () => {
    const user = await createTestUser(app);
    const res = await checkout(user, { subscription_type: 'starter' });
    expect(await fake.completeCheckout(res.body.url, DECLINED_CARD)).toBe('declined');
    expect((await b.subscription(user)).tier).toBe('free');
  });

  it('refuses webhooks without a valid signature and applies a repeated delivery once', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: {} },
    });
    const forged = await fetch(fake.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' }),
      },
      body: payload,
    });
    expect(forged.status).toBe(400);

    const user = await subscribed('starter');
    const sub = fake.subscriptions.get(await subId(user))!;
    const deleted = {
      id: 'evt_dup_1',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { ...sub, status: 'canceled' } },
    };
    expect(await fake.send([deleted])).toEqual([200]);
    expect((await b.subscription(user)).tier).toBe('free');
    // A redelivery of that event id (here carrying the new subscription) is not applied again.
    const res = await checkout(user, { subscription_type: 'starter' });
    await fake.completeCheckout(res.body.url, SUCCESS_CARD);
    const current = fake.subscriptions.get(await subId(user))!;
    expect(current.id).not.toBe(sub.id);
    const redelivered = { ...deleted, data: { object: { ...current, status: 'canceled' } } };
    expect(await fake.send([redelivered])).toEqual([200]);
    expect((await b.subscription(user)).tier).toBe('starter');
  });

  it('passes a promo code to Checkout as a Stripe coupon; expired codes never reach Stripe', async () => {
    await b.coupon({ code: 'STRIPE-10', amountOffCents: 1000, durationInMonths: 1 });
    fake.coupons.set('STRIPE-10', { id: 'STRIPE-10', amount_off: 1000 });
    const user = await createTestUser(app);
    const res = await checkout(user, { subscription_type: 'creator', promocode: 'STRIPE-10' });
    expect(res.status).toBe(200);
    expect(fake.sessions.get(res.body.url.split('/').at(-1))!.discounts).toEqual([{ coupon: 'STRIPE-10' }]);
    await fake.completeCheckout(res.body.url, SUCCESS_CARD);
    const [invoice] = await b.invoices(user.workspaceId);
    expect(invoice).toMatchObject({ subtotalCents: 2200, discountCents: 1000, amountDueCents: 1200 });

    await b.coupon({ code: 'STRIPE-OLD', percentOff: 50, expiresAt: new Date(Date.now() - 1000) });
    const before = fake.requests.length;
    const expired = await checkout(await createTestUser(app), {
      subscription_type: 'creator',
      promocode: 'STRIPE-OLD',
    });
    expect(expired.body.detail.status).toBe('coupon_expired');
    expect(fake.requests.length).toBe(before);
  });

  it('takes the first-month offers off the first Stripe invoice only ($1 Starter, $11 Creator)', async () => {
    for (const [tier, subtotal, due] of [
      ['starter', 500, 100],
      ['creator', 2200, 1100],
    ] as const) {
      const user = await createTestUser(app);
      const res = await checkout(user, { subscription_type: tier, billing_period: 'monthly_period' });
      expect(res.status).toBe(200);
      const coupon = `vocalis-first-month-usd-${subtotal - due}`;
      expect(fake.sessions.get(res.body.url.split('/').at(-1))!.discounts).toEqual([{ coupon }]);
      expect(fake.coupons.get(coupon)).toMatchObject({ amount_off: subtotal - due, duration: 'once' });
      await fake.completeCheckout(res.body.url, SUCCESS_CARD);
      const [invoice] = await b.invoices(user.workspaceId);
      expect(invoice).toMatchObject({
        subtotalCents: subtotal,
        discountCents: subtotal - due,
        amountDueCents: due,
      });
    }
    // A second Starter checkout reuses the coupon; yearly plans and no_default_promocode get no offer.
    const again = await checkout(await createTestUser(app), { subscription_type: 'starter' });
    expect(fake.sessions.get(again.body.url.split('/').at(-1))!.discounts).toEqual([
      { coupon: 'vocalis-first-month-usd-400' },
    ]);
    const yearly = await checkout(await createTestUser(app), {
      subscription_type: 'starter',
      billing_period: 'annual_period',
    });
    expect(fake.sessions.get(yearly.body.url.split('/').at(-1))!.discounts).toEqual([]);
    const declined = await checkout(await createTestUser(app), {
      subscription_type: 'creator',
      no_default_promocode: true,
    });
    expect(fake.sessions.get(declined.body.url.split('/').at(-1))!.discounts).toEqual([]);
  });

  it('upgrades with proration through subscriptions.update, once per idempotency key', async () => {
    const user = await subscribed('creator');
    const first = await change(user, 'pro', 'stripe-up-1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ tier: 'pro', character_limit: 500_000 });
    const update = fake.requests.filter(
      (r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/'),
    );
    expect(update).toHaveLength(1);
    expect(update[0]).toMatchObject({
      idempotencyKey: 'upgrade:stripe-up-1',
      body: {
        proration_behavior: 'always_invoice',
        items: [{ price: 'price_vocalis_pro_monthly_period_usd' }],
      },
    });
    expect(await change(user, 'pro', 'stripe-up-1')).toEqual(first);
    expect(
      fake.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/')),
    ).toHaveLength(1);
    await fake.flush();
    expect((await b.invoices(user.workspaceId)).map((i) => i.kind)).toContain('proration');
  });

  it('schedules a downgrade with a subscription schedule; it takes effect when Stripe ends the period', async () => {
    const user = await subscribed('pro');
    const res = await change(user, 'starter', 'stripe-down-1');
    expect(res.body).toMatchObject({
      tier: 'pro',
      scheduled_change: { type: 'downgrade', downgrade_to: 'starter' },
    });
    const sid = await subId(user);
    const schedule = [...fake.schedules.values()].find((s) => s.subscription === sid)!;
    expect(schedule.metadata).toMatchObject({ type: 'downgrade', downgrade_to: 'starter' });
    expect(schedule.phases[1].items[0].price).toBe('price_vocalis_starter_monthly_period_usd');

    await fake.endPeriod(sid);
    const s = await b.subscription(user);
    expect(s).toMatchObject({ tier: 'starter', character_limit: 30_000, scheduled_change: null });
  });

  it('cancels a scheduled downgrade by releasing the schedule', async () => {
    const user = await subscribed('pro');
    await change(user, 'creator', 'stripe-down-2');
    const res = await b.call(user, '/v1/billing/cancel-downgrade', {});
    expect(res.body).toMatchObject({ tier: 'pro', scheduled_change: null });
    expect(fake.requests.some((r) => r.path.endsWith('/release'))).toBe(true);
    await fake.endPeriod(await subId(user));
    expect((await b.subscription(user)).tier).toBe('pro');
  });

  it('cancels at period end, renews, and ends the plan when Stripe deletes the subscription', async () => {
    const user = await subscribed('starter');
    const canceled = await b.call(user, '/v1/billing/cancel-subscription', {});
    expect(canceled.body.cancel_at_unix).toBe(canceled.body.current_period_end_unix);
    const renewed = await b.call(user, '/v1/billing/renew-subscription', {});
    expect(renewed.body.cancel_at_unix).toBeNull();
    await b.call(user, '/v1/billing/cancel-subscription', {});
    await fake.endPeriod(await subId(user));
    expect(await b.subscription(user)).toMatchObject({
      tier: 'free',
      status: 'free',
      previously_subscribed_tiers: ['starter'],
    });
  });

  it('moves a failed renewal to past_due', async () => {
    const user = await subscribed('creator', LATER_DECLINES_CARD);
    await fake.endPeriod(await subId(user));
    expect(await b.subscription(user)).toMatchObject({ status: 'past_due', has_open_invoices: true });
    const up = await change(user, 'pro', 'stripe-pd');
    expect(up.body.detail.message).toBe('Failed to upgrade subscription');
  });

  it('sends card updates, card checks and payouts onboarding to Stripe', async () => {
    const user = await subscribed('creator');
    const setup = await b.call(user, '/v1/billing/create-update-payment-methods-session', {});
    expect(setup.status).toBe(200);
    await fake.completeCheckout(setup.body.url, '5555 5555 5555 4444');
    expect((await b.subscription(user)).payment_method).toEqual({ brand: 'mastercard', last4: '4444' });
    const connect = await b.call(user, '/v1/billing/create-connect-account', {
      relative_redirect_path: '/app/payouts',
    });
    expect(connect.body.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/e\/acct_/);
    const manage = await b.call(user, '/v1/billing/create-connect-account-management-link', {
      relative_redirect_path: '/app/payouts',
    });
    expect(manage.body.url).toMatch(/^https:\/\/connect\.stripe\.test\/express\/acct_/);
  });

  it("parses with the official SDK's user.subscription.get()", async () => {
    const user = await subscribed('pro');
    const s = await new ElevenLabsClient({ apiKey: user.apiKey, baseUrl: app.url }).user.subscription.get();
    expect(s).toMatchObject({ tier: 'pro', status: 'active', characterLimit: 500_000 });
  });
});
