import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../admin/commands';
import { createApiKey } from '../api-keys/api-keys.service';
import { workspaceUsage } from '../../db/schema/usage';
import { workspaces } from '../../db/schema/workspaces';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import {
  ACTION_CARD,
  billingClient,
  DECLINED_CARD,
  LATER_DECLINES_CARD,
  SUCCESS_CARD,
} from './billing-test-helpers';
import * as repo from './billing.repo';

const DAY = 86_400_000;
const SUSAN = 'zjugDQR69KeBdVlIC4vX';

describe(`billing with the local provider on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let b: ReturnType<typeof billingClient>;
  beforeAll(async () => {
    app = await startTestApp();
    b = billingClient(app);
  });
  afterAll(() => app?.close());

  const checkout = (user: TestUser, body: Record<string, unknown>) =>
    b.call(user, '/v1/billing/create-checkout-session', body);
  /** A user subscribed to `tier` through the hosted page with `card`. */
  async function subscribed(tier: string, card = SUCCESS_CARD, period = 'monthly_period', currency = 'usd') {
    const user = await createTestUser(app);
    const res = await checkout(user, { subscription_type: tier, billing_period: period, currency });
    expect(res.status).toBe(200);
    const paid = await b.pay(res.body.url, card);
    expect(paid.status).toBe(303);
    return user;
  }
  /** Moves billing time past the workspace's period end and runs the period-end work. */
  async function endPeriod(user: TestUser) {
    const s = await b.subscription(user);
    app.billing.clock.advanceTo(new Date(s.current_period_end_unix! * 1000));
    await app.billing.periods.runDue();
  }

  it('subscribes a free user to Creator through the hosted page with a test card', async () => {
    const user = await createTestUser(app);
    expect((await b.subscription(user)).tier).toBe('free');
    const res = await checkout(user, {
      subscription_type: 'creator',
      billing_period: 'monthly_period',
      currency: 'usd',
    });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${app.url}/billing/checkout/[A-Za-z0-9]{32}$`));

    const page = await app.request(new URL(res.body.url).pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Subscribe to Creator');
    // The first-month offer: $11 today, then $22 a month.
    expect(html).toContain('Pay $11');
    expect(html).toContain('4242 4242 4242 4242');

    const paid = await b.pay(res.body.url, SUCCESS_CARD);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${app.url}/app/subscription?checkout=success`);

    const s = await b.subscription(user);
    expect(s).toMatchObject({
      tier: 'creator',
      status: 'active',
      character_limit: 100_000,
      character_count: 0,
      billing_period: 'monthly_period',
      currency: 'usd',
      payment_provider: 'local',
      payment_method: { brand: 'visa', last4: '4242' },
      trust_on_invoice_creation: true,
      has_open_invoices: false,
      concurrency_limit: 5,
    });
    expect(s.next_invoice?.amount_due_cents).toBe(2200);
    const invoices = await b.invoices(user.workspaceId);
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      status: 'paid',
      subtotalCents: 2200,
      amountDueCents: 1100,
      tier: 'creator',
    });

    // A second checkout is refused with the spec's text.
    expect(await checkout(user, { subscription_type: 'pro' })).toEqual({
      status: 400,
      body: { detail: { status: 'already_subscribed', message: 'Failed to create checkout session' } },
    });
    // GET /v1/user agrees, and the page cannot be paid twice.
    const me = await b.call(user, '/v1/user');
    expect(me.body.subscription).toMatchObject({
      tier: 'creator',
      character_limit: 100_000,
      status: 'active',
    });
    expect((await b.pay(res.body.url, SUCCESS_CARD)).status).toBe(410);
  });

  it('keeps the user on free when the card is declined, and lets them try another card', async () => {
    const user = await createTestUser(app);
    const res = await checkout(user, {
      subscription_type: 'starter',
      billing_period: 'monthly_period',
      currency: 'usd',
    });
    const declined = await b.pay(res.body.url, DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect((await b.subscription(user)).tier).toBe('free');
    expect(await b.invoices(user.workspaceId)).toHaveLength(0);

    const invalid = await b.pay(res.body.url, '4242 4242 4242 4241');
    expect(invalid.html).toContain('Your card number is invalid.');
    const ok = await b.pay(res.body.url, SUCCESS_CARD);
    expect(ok.status).toBe(303);
    expect((await b.subscription(user)).tier).toBe('starter');
  });

  it('asks for authentication with the requires-action card and subscribes once it is completed', async () => {
    const user = await createTestUser(app);
    const res = await checkout(user, {
      subscription_type: 'pro',
      billing_period: 'annual_period',
      currency: 'eur',
    });
    const step = await b.pay(res.body.url, ACTION_CARD);
    expect(step.status).toBe(200);
    expect(step.html).toContain('Authenticate this payment');
    expect((await b.subscription(user)).tier).toBe('free');
    const failed = await b.authenticate(res.body.url, 'fail');
    expect(failed.html).toContain('We are unable to authenticate your payment method.');
    await b.pay(res.body.url, ACTION_CARD);
    const done = await b.authenticate(res.body.url, 'complete');
    expect(done.status).toBe(303);
    const s = await b.subscription(user);
    expect(s).toMatchObject({ tier: 'pro', billing_period: 'annual_period', currency: 'eur' });
    const [invoice] = await b.invoices(user.workspaceId);
    expect(invoice).toMatchObject({ currency: 'eur', amountDueCents: 94_000 }); // 940€ a year
  });

  it('validates promo codes and takes a coupon off the checkout', async () => {
    await b.coupon({ code: 'CREATOR-FREE', amountOffCents: 2200, durationInMonths: 2, extended: true });
    const user = await createTestUser(app);
    expect(
      (await b.call(user, '/v1/billing/validate-promocode', { promocode: 'CREATOR-FREE' })).body,
    ).toEqual({
      valid: true,
      amount_off: 2200,
      percent_off: null,
      duration_in_months: 2,
    });
    expect((await b.call(user, '/v1/billing/validate-promocode', { promocode: 'NOPE' })).body).toEqual({
      valid: false,
      amount_off: null,
      percent_off: null,
      duration_in_months: null,
    });
    const invalid = await checkout(user, { subscription_type: 'creator', promocode: 'NOPE' });
    expect(invalid).toEqual({
      status: 400,
      body: { detail: { status: 'invalid_promocode', message: 'Coupon code NOPE is invalid' } },
    });

    const res = await checkout(user, { subscription_type: 'creator', promocode: 'CREATOR-FREE' });
    const page = await (await app.request(new URL(res.body.url).pathname)).text();
    expect(page).toContain('Pay $0');
    expect((await b.pay(res.body.url, SUCCESS_CARD)).status).toBe(303);
    const [invoice] = await b.invoices(user.workspaceId);
    expect(invoice).toMatchObject({ subtotalCents: 2200, discountCents: 2200, amountDueCents: 0 });
    // The second of the coupon's two months is still free.
    const s = await b.subscription(user);
    expect(s.next_invoice).toMatchObject({ amount_due_cents: 0, discount_amount_off: 2200 });
    await endPeriod(user);
    const invoices = await b.invoices(user.workspaceId);
    expect(invoices).toHaveLength(2);
    expect(invoices[0]).toMatchObject({ amountDueCents: 0 });
    expect((await b.subscription(user)).next_invoice?.amount_due_cents).toBe(2200);
  });

  it("refuses an expired coupon with the spec's coupon_expired text", async () => {
    await b.coupon({
      code: 'OLD-50',
      percentOff: 50,
      durationInMonths: 1,
      expiresAt: new Date(Date.now() - DAY),
    });
    const user = await createTestUser(app);
    const res = await checkout(user, { subscription_type: 'creator', promocode: 'OLD-50' });
    expect(res).toEqual({
      status: 400,
      body: {
        detail: {
          status: 'coupon_expired',
          message: "This coupon has expired, please use a different one. We've removed it from your browser.",
        },
      },
    });
    expect((await b.call(user, '/v1/billing/validate-promocode', { promocode: 'OLD-50' })).body.valid).toBe(
      false,
    );
  });

  it('upgrades at once, and a repeated idempotency key changes nothing twice', async () => {
    const user = await subscribed('creator');
    const change = { subscription_type: 'pro', billing_period: 'monthly_period', idempotency_key: 'up-1' };
    const first = await b.call(user, '/v1/billing/change-subscription', change);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ tier: 'pro', character_limit: 500_000, status: 'active' });
    expect(await b.invoices(user.workspaceId)).toHaveLength(2);
    const again = await b.call(user, '/v1/billing/change-subscription', change);
    expect(again).toEqual(first);
    expect(await b.invoices(user.workspaceId)).toHaveLength(2);
    const [proration] = await b.invoices(user.workspaceId);
    expect(proration).toMatchObject({ kind: 'proration', tier: 'pro', subtotalCents: 9900 });
    expect(proration!.amountDueCents).toBeLessThan(9900); // the unused Creator month is credited
  });

  it('applies a promo code to the current plan through change-subscription without canceling it', async () => {
    await b.coupon({ code: 'LOYAL-30', percentOff: 30, durationInMonths: 2 });
    const user = await subscribed('creator');
    const res = await b.call(user, '/v1/billing/change-subscription', {
      subscription_type: 'creator',
      billing_period: 'monthly_period',
      idempotency_key: 'promo-1',
      promocode: 'LOYAL-30',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tier: 'creator', cancel_at_unix: null });
    expect(res.body.next_invoice).toMatchObject({ amount_due_cents: 1540, discount_percent_off: 30 });
  });

  it('refuses billing calls to an API key without the user scopes', async () => {
    const user = await createTestUser(app);
    const { key } = await createApiKey(app.database.db, user.id, {
      name: 'tts only',
      permissions: ['text_to_speech'],
    });
    const res = await app.request('/v1/user/subscription', { headers: { 'xi-api-key': key } });
    expect(res.status).toBe(401);
    expect((await res.json()).detail.status).toBe('missing_permissions');
  });

  it('downgrades at the end of the period, not before', async () => {
    const user = await subscribed('pro');
    const res = await b.call(user, '/v1/billing/change-subscription', {
      subscription_type: 'starter',
      billing_period: 'monthly_period',
      idempotency_key: 'down-1',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      tier: 'pro',
      scheduled_change: { type: 'downgrade', downgrade_to: 'starter', billing_period: 'monthly_period' },
      pending_change: { kind: 'change', next_tier: 'starter' },
    });
    expect(res.body.next_invoice.amount_due_cents).toBe(500);
    await app.billing.periods.runDue(); // not due yet: nothing happens
    expect((await b.subscription(user)).tier).toBe('pro');

    await endPeriod(user);
    const s = await b.subscription(user);
    expect(s).toMatchObject({
      tier: 'starter',
      character_limit: 30_000,
      scheduled_change: null,
      status: 'active',
    });
    expect(s.previously_subscribed_tiers).toEqual(['pro', 'starter']);
    const [renewal] = await b.invoices(user.workspaceId);
    expect(renewal).toMatchObject({
      kind: 'subscription',
      tier: 'starter',
      amountDueCents: 500,
      status: 'paid',
    });
    // Running the job again changes nothing.
    await app.billing.periods.rollOver(user.workspaceId);
    expect(await b.invoices(user.workspaceId)).toHaveLength(2);
  });

  it('cancels a scheduled downgrade', async () => {
    const user = await subscribed('pro');
    await b.call(user, '/v1/billing/change-subscription', {
      subscription_type: 'creator',
      billing_period: 'monthly_period',
      idempotency_key: 'down-2',
    });
    const res = await b.call(user, '/v1/billing/cancel-downgrade', {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tier: 'pro', scheduled_change: null, pending_change: null });
    await endPeriod(user);
    expect((await b.subscription(user)).tier).toBe('pro');
  });

  it('cancels at period end, renews, and ends the plan when the period is over', async () => {
    const user = await subscribed('starter');
    const canceled = await b.call(user, '/v1/billing/cancel-subscription', {});
    expect(canceled.body.cancel_at_unix).toBe(canceled.body.current_period_end_unix);
    expect(canceled.body.pending_change).toMatchObject({ kind: 'cancellation' });
    expect(canceled.body.next_invoice).toBeNull();
    const renewed = await b.call(user, '/v1/billing/renew-subscription', {});
    expect(renewed.body).toMatchObject({ cancel_at_unix: null, tier: 'starter' });
    expect((await b.call(user, '/v1/billing/renew-subscription', {})).status).toBe(400);

    await b.call(user, '/v1/billing/cancel-subscription', {});
    await endPeriod(user);
    const s = await b.subscription(user);
    expect(s).toMatchObject({ tier: 'free', status: 'free', character_limit: 10_000, cancel_at_unix: null });
    expect(s.previously_subscribed_tiers).toEqual(['starter']);
  });

  it('moves a failed renewal to past_due with an open invoice', async () => {
    const user = await subscribed('creator', LATER_DECLINES_CARD);
    await endPeriod(user);
    const s = await b.subscription(user);
    expect(s).toMatchObject({ tier: 'creator', status: 'past_due', has_open_invoices: true });
    expect(s.open_invoices[0]).toMatchObject({
      amount_due_cents: 2200,
      payment_intent_status: 'requires_payment_method',
    });
    const info = await b.call(user, '/v1/billing/info');
    expect(info.body).toMatchObject({ has_open_invoices: true, billing_period: 'monthly_period' });
    // Upgrades need an active plan.
    const up = await b.call(user, '/v1/billing/change-subscription', {
      subscription_type: 'pro',
      billing_period: 'monthly_period',
      idempotency_key: 'pd-1',
    });
    expect(up).toEqual({
      status: 400,
      body: { detail: { status: 'subscription_change_failed', message: 'Failed to upgrade subscription' } },
    });

    // A working card settles the open invoice and the plan is active again.
    const setup = await b.call(user, '/v1/billing/create-update-payment-methods-session', {});
    expect(setup.status).toBe(200);
    const page = await (await app.request(new URL(setup.body.url).pathname)).text();
    expect(page).toContain('Payment method and invoices');
    expect(page).toContain('open'); // the unpaid renewal is listed
    expect((await b.pay(setup.body.url, SUCCESS_CARD)).location).toBe(
      `${app.url}/app/subscription?card=saved`,
    );
    expect(await b.subscription(user)).toMatchObject({
      status: 'active',
      has_open_invoices: false,
      payment_method: { last4: '4242' },
    });
  });

  it('schedules the period-end job at the period end, and a half-done period end finishes without a second invoice', async () => {
    const user = await subscribed('starter');
    const s = await b.subscription(user);
    const jobs = await app.database.db.execute(
      sql`select run_at from graphile_worker._private_jobs where key = ${`billing.period-end:${user.workspaceId}`}`,
    );
    const rows = (jobs as unknown as { rows: { run_at: string | Date }[] }).rows;
    expect(Math.floor(new Date(rows[0]!.run_at).getTime() / 1000)).toBe(s.current_period_end_unix);

    // The renewal invoice was recorded, then the process stopped before the new period was stored.
    app.billing.clock.advanceTo(new Date(s.current_period_end_unix! * 1000));
    const billing = await repo.workspaceBilling(app.database.db, user.workspaceId);
    const ref = {
      workspaceId: user.workspaceId,
      customerId: billing!.sub.providerCustomerId,
      subscriptionId: billing!.sub.providerSubscriptionId!,
      scheduleId: null,
      tier: 'starter',
      period: 'monthly_period' as const,
      currency: 'usd' as const,
      periodStart: billing!.sub.currentPeriodStart!,
      periodEnd: billing!.sub.currentPeriodEnd!,
      cancelAt: null,
    };
    const [invoiceOnly] = await app.billing.local!.renew(
      ref,
      { tier: 'starter', period: 'monthly_period' },
      null,
    );
    await app.billing.service.handle([invoiceOnly!]);
    expect(await b.invoices(user.workspaceId)).toHaveLength(2);
    await app.billing.periods.runDue();
    expect(await b.invoices(user.workspaceId)).toHaveLength(2);
    expect((await b.subscription(user)).current_period_end_unix).toBeGreaterThan(s.current_period_end_unix!);
  });

  it('enforces the plan quota, extends it when allowed, and invoices the overage', async () => {
    const user = await subscribed('creator');
    const db = app.database.db;
    await db
      .update(workspaceUsage)
      .set({ characterCount: 99_990 })
      .where(eq(workspaceUsage.workspaceId, user.workspaceId));
    const tts = () =>
      app.request(`/v1/text-to-speech/${SUSAN}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'xi-api-key': user.apiKey },
        body: JSON.stringify({ text: 'Hello world, this is Vocalis.' }), // 29 characters
      });
    const refused = await tts();
    expect(refused.status).toBe(401);
    expect((await refused.json()).detail.status).toBe('quota_exceeded');

    await b.call(user, '/v1/user/edit-user-metadata', { allowed_to_extend_character_limit: true });
    const ok = await tts();
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
    const s = await b.subscription(user);
    expect(s.character_count).toBe(100_019);
    expect(s).toMatchObject({ can_extend_character_limit: true, allowed_to_extend_character_limit: true });
    expect(s.max_credit_limit_extension).toBe(1000);
    expect(s.current_overage).toEqual({ amount: '0.01', currency: 'usd' }); // 19 × $0.0003, rounded

    // Beyond the Creator allowance of 1,000 extra characters: refused again.
    await db
      .update(workspaceUsage)
      .set({ characterCount: 100_990 })
      .where(eq(workspaceUsage.workspaceId, user.workspaceId));
    expect((await tts()).status).toBe(401);

    await endPeriod(user);
    const invoices = await b.invoices(user.workspaceId);
    expect(invoices.find((i) => i.kind === 'overage')).toMatchObject({ amountDueCents: 30, status: 'paid' }); // 990 × $0.0003
    expect((await b.subscription(user)).character_count).toBe(0);
  });

  it('shows and invoices the overage of a workspace billed in EUR in euros (decision 024)', async () => {
    const user = await subscribed('creator', SUCCESS_CARD, 'monthly_period', 'eur');
    await b.call(user, '/v1/user/edit-user-metadata', { allowed_to_extend_character_limit: true });
    await app.database.db
      .update(workspaceUsage)
      .set({ characterCount: 100_500 })
      .where(eq(workspaceUsage.workspaceId, user.workspaceId));
    const s = await b.subscription(user);
    expect(s.currency).toBe('eur');
    expect(s.current_overage).toEqual({ amount: '0.15', currency: 'eur' }); // 500 × €0.0003

    await endPeriod(user);
    const overage = (await b.invoices(user.workspaceId)).find((i) => i.kind === 'overage');
    expect(overage).toMatchObject({ currency: 'eur', amountDueCents: 15, status: 'paid' });
  });

  it('counts characters by voice and model for the usage charts', async () => {
    const user = await createTestUser(app);
    const res = await app.request(`/v1/text-to-speech/${SUSAN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'xi-api-key': user.apiKey },
      body: JSON.stringify({ text: 'Twelve chars' }),
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const now = Date.now();
    const stats = await b.call(
      user,
      `/v1/usage/character-stats?start_unix=${now - 2 * DAY}&end_unix=${now}&aggregation_interval=day`,
    );
    expect(stats.status).toBe(200);
    expect(stats.body.time).toHaveLength(3);
    expect(stats.body.usage.All.reduce((a: number, n: number) => a + n, 0)).toBe(12);
    const byVoice = await b.call(
      user,
      `/v1/usage/character-stats?start_unix=${now - DAY}&end_unix=${now}&breakdown_type=voice&aggregation_interval=cumulative`,
    );
    expect(byVoice.body).toEqual({ time: [now - DAY], usage: { [SUSAN]: [12] } });
    const client = new ElevenLabsClient({ apiKey: user.apiKey, baseUrl: app.url });
    const sdk = await client.usage.get({
      startUnix: now - DAY,
      endUnix: now,
      breakdownType: 'api_keys',
      includeWorkspaceMetrics: true,
    });
    expect(
      Object.values(sdk.usage)
        .flat()
        .reduce((a, n) => a + n, 0),
    ).toBe(12);
  });

  it("parses with the official SDK's user.subscription.get()", async () => {
    const user = await subscribed('creator');
    const client = new ElevenLabsClient({ apiKey: user.apiKey, baseUrl: app.url });
    const s = await client.user.subscription.get();
    expect(s.tier).toBe('creator');
    expect(s.characterLimit).toBe(100_000);
    expect(s.status).toBe('active');
    expect(s.hasOpenInvoices).toBe(false);
    expect(s.nextInvoice?.amountDueCents).toBe(2200);
    const me = await client.user.get();
    expect(me.subscription.tier).toBe('creator');
  });

  it('sets a plan from the admin CLI', async () => {
    const user = await createTestUser(app);
    const admin = (...argv: string[]) =>
      runAdminCommand(
        {
          config: app.config,
          database: app.database,
          auth: app.auth,
          messages: app.messages,
          users: app.users,
          log: app.app.log,
        },
        argv,
      );
    const r = await admin(
      'set-plan',
      '--email',
      user.email,
      '--tier',
      'growing_business',
      '--period',
      'annual',
    );
    expect(r.exitCode).toBe(0);
    const s = await b.subscription(user);
    expect(s).toMatchObject({
      tier: 'growing_business',
      billing_period: 'annual_period',
      character_limit: 2_000_000,
      max_seats: 3,
    });
    const [ws] = await app.database.db.select().from(workspaces).where(eq(workspaces.id, user.workspaceId));
    expect(ws!.maxSeats).toBe(3);
    expect((await admin('set-plan', '--email', user.email, '--tier', 'gold')).exitCode).toBe(64);
    expect((await admin('set-plan', '--email', user.email, '--tier', 'free')).exitCode).toBe(0);
    expect((await b.subscription(user)).tier).toBe('free');

    const c = await admin('create-coupon', '--code', 'CLI-20', '--percent-off', '20', '--months', '3');
    expect(c.stdout).toEqual(['Coupon CLI-20: 20% off for 3 month(s)']);
    expect((await b.call(user, '/v1/billing/validate-promocode', { promocode: 'cli-20' })).body).toEqual({
      valid: true,
      amount_off: null,
      percent_off: 20,
      duration_in_months: 3,
    });
    expect(
      (await admin('create-coupon', '--code', 'BAD', '--percent-off', '5', '--amount-off', '100')).exitCode,
    ).toBe(64);
  });
});
