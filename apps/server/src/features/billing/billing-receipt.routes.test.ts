import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceUsage } from '../../db/schema/usage';
import { mailLinks, mailSubject, mailText, startSmtpSink } from '../../testing/smtp-sink';
import { StripeFake } from '../../testing/stripe-fake/stripe-fake';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';
import { billingClient, SUCCESS_CARD } from './billing-test-helpers';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;
const SECRET = 'whsec_test_secret_for_receipts';

/** The receipts the sink got for `user`, decoded. */
const receiptsOf = (sink: Sink, user: TestUser) =>
  sink.received
    .filter((m) => m.to.includes(user.email) && mailSubject(m.raw).startsWith('Your Vocalis receipt'))
    .map((m) => ({
      subject: mailSubject(m.raw),
      text: mailText(m.raw).replace(/\r\n/g, '\n'),
      links: mailLinks(m.raw),
    }));

const waitForReceipts = (sink: Sink, user: TestUser, n: number) =>
  waitFor(() => {
    const got = receiptsOf(sink, user);
    return got.length >= n ? got : undefined;
  }, 20_000);

describe(`receipt mail with the local provider over SMTP on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let sink: Sink;
  let b: ReturnType<typeof billingClient>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startTestApp({ env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: sink.url } });
    b = billingClient(app);
  });
  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });

  it('mails the owner one receipt per paid invoice: checkout, overage and renewal', async () => {
    const user = await createTestUser(app);
    const res = await b.call(user, '/v1/billing/create-checkout-session', {
      subscription_type: 'creator',
      billing_period: 'monthly_period',
      currency: 'usd',
    });
    expect((await b.pay(res.body.url, SUCCESS_CARD)).status).toBe(303);

    const [first] = await waitForReceipts(sink, user, 1);
    const [invoice] = await b.invoices(user.workspaceId);
    expect(first!.subject).toBe(`Your Vocalis receipt: $11.00 for Creator (invoice ${invoice!.id})`);
    expect(first!.text).toContain(`Invoice number: ${invoice!.id}`);
    expect(first!.text).toContain('Plan: Creator (monthly), subscription');
    // The Creator first month at 50% off.
    expect(first!.text).toContain('Subtotal: $22.00\nDiscount: -$11.00\nAmount paid: $11.00');
    expect(first!.text).toMatch(/Period: \w+ \d+, \d{4} – \w+ \d+, \d{4}/);
    expect(first!.links).toEqual([`${app.config.publicUrl}/app/subscription?invoice=${invoice!.id}`]);

    // Characters beyond the limit (allowed to extend), then the period ends: overage and renewal invoices.
    await b.call(user, '/v1/user/edit-user-metadata', { allowed_to_extend_character_limit: true });
    await app.database.db
      .update(workspaceUsage)
      .set({ characterCount: 100_990 })
      .where(eq(workspaceUsage.workspaceId, user.workspaceId));
    const s = await b.subscription(user);
    app.billing.clock.advanceTo(new Date(s.current_period_end_unix! * 1000));
    await app.billing.periods.runDue();

    const all = await waitForReceipts(sink, user, 3);
    const invoices = await b.invoices(user.workspaceId);
    expect(invoices.filter((i) => i.status === 'paid')).toHaveLength(3);
    const overage = invoices.find((i) => i.kind === 'overage')!;
    const overageMail = all.find((m) => m.text.includes(`Invoice number: ${overage.id}`))!;
    expect(overageMail.text).toContain('Amount paid: $0.30'); // 990 × $0.0003
    expect(overageMail.text).toContain('characters beyond the plan limit');
    const renewal = invoices.find((i) => i.kind === 'subscription' && i.id !== invoice!.id)!;
    const renewalMail = all.find((m) => m.text.includes(`Invoice number: ${renewal.id}`))!;
    expect(renewalMail.text).toContain('Amount paid: $22.00');

    // Running the period end again records nothing new and mails nothing more.
    await app.billing.periods.runDue();
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiptsOf(sink, user)).toHaveLength(3);
  });
});

describe(`receipt mail with the Stripe adapter over SMTP on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let sink: Sink;
  let fake: StripeFake;
  let b: ReturnType<typeof billingClient>;
  const sent: Parameters<StripeFake['send']>[0] = [];
  beforeAll(async () => {
    sink = await startSmtpSink();
    fake = new StripeFake(SECRET);
    await fake.start();
    const send = fake.send.bind(fake);
    fake.send = (events) => {
      sent.push(...events);
      return send(events);
    };
    app = await startTestApp({
      env: {
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: sink.url,
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
    await sink?.close();
  });

  it('mails one receipt for the checkout invoice, however often the paid webhook arrives, and one per renewal', async () => {
    const user = await createTestUser(app);
    const res = await b.call(user, '/v1/billing/create-checkout-session', {
      subscription_type: 'pro',
      billing_period: 'monthly_period',
      currency: 'usd',
    });
    expect(await fake.completeCheckout(res.body.url, SUCCESS_CARD)).toBe('complete');
    const [first] = await waitForReceipts(sink, user, 1);
    expect(first!.subject).toMatch(/^Your Vocalis receipt: \$99\.00 for Pro \(invoice /);

    const paid = sent.find((e) => e.type === 'invoice.paid')!;
    expect(await fake.send([paid])).toEqual([200]); // Stripe delivers again
    const sub = [...fake.subscriptions.values()].find((x) => x.metadata.workspace_id === user.workspaceId)!;
    await fake.endPeriod(sub.id as string);
    const both = await waitForReceipts(sink, user, 2);
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiptsOf(sink, user)).toHaveLength(2);
    expect(both.every((m) => m.text.includes('Amount paid: $99.00'))).toBe(true);
  });
});
