import { AUTO_DISABLE_AFTER_FAILURES } from '@vocalis/domain/webhook-delivery';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationOptOuts } from '../../db/schema/notification-preferences';
import { mailSubject, startSmtpSink } from '../../testing/smtp-sink';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';
import { startWebhookReceiver } from '../../testing/webhook-receiver';
import { createApiKey } from '../api-keys/api-keys.service';
import { billingClient, SUCCESS_CARD } from '../billing/billing-test-helpers';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;
const ALL_ON = { webhook_disabled: true, voice_library_removal: true, billing_receipt: true };

describe(`notification preferences on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let sink: Sink;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let b: ReturnType<typeof billingClient>;

  beforeAll(async () => {
    sink = await startSmtpSink();
    receiver = await startWebhookReceiver();
    // The webhook receiver is on loopback: an operator's choice (decision 044).
    app = await startTestApp({
      env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: sink.url, OUTBOUND_ALLOW_PRIVATE: 'true' },
    });
    b = billingClient(app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    await sink?.close();
  });

  const prefs = (user: TestUser) => b.call(user, '/v1/user/notification-preferences');
  const patch = (user: TestUser, body: unknown) =>
    b.call(user, '/v1/user/notification-preferences', body, 'PATCH');
  const subjectsTo = (user: TestUser) =>
    sink.received.filter((m) => m.to.includes(user.email)).map((m) => mailSubject(m.raw));
  const buyCreator = async (user: TestUser) => {
    const res = await b.call(user, '/v1/billing/create-checkout-session', {
      subscription_type: 'creator',
      billing_period: 'monthly_period',
      currency: 'usd',
    });
    expect((await b.pay(res.body.url, SUCCESS_CARD)).status).toBe(303);
  };
  const requestPasswordReset = async (user: TestUser) => {
    const res = await app.request('/v1/user/send-password-reset-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email }),
    });
    expect(res.status).toBe(200);
  };

  it('are all on by default, round-trip a change, and are stored per user', async () => {
    const user = await createTestUser(app);
    const other = await createTestUser(app);
    expect(await prefs(user)).toEqual({ status: 200, body: ALL_ON });

    const off = await patch(user, { billing_receipt: false, webhook_disabled: false });
    expect(off).toEqual({
      status: 200,
      body: { webhook_disabled: false, voice_library_removal: true, billing_receipt: false },
    });
    expect((await prefs(user)).body).toEqual(off.body);
    const rows = await app.database.db
      .select({ kind: notificationOptOuts.kind })
      .from(notificationOptOuts)
      .where(eq(notificationOptOuts.userId, user.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['billing_receipt', 'webhook_disabled']);
    // Another user's preferences are their own.
    expect((await prefs(other)).body).toEqual(ALL_ON);

    // Turning one back on leaves the rest as they are; repeating a change is harmless.
    await patch(user, { webhook_disabled: true });
    expect((await patch(user, { webhook_disabled: true })).body).toEqual({
      ...ALL_ON,
      billing_receipt: false,
    });
    expect((await prefs(user)).body).toEqual({ ...ALL_ON, billing_receipt: false });
  });

  it('refuse bad input with 400 in the detail shape and change nothing', async () => {
    const user = await createTestUser(app);
    await patch(user, { voice_library_removal: false });
    const before = (await prefs(user)).body;
    for (const body of [
      {},
      { billing_receipt: 'no' },
      { billing_receipt: false, security_mails: false },
      { billing_receipt: null },
      [],
      'off',
    ]) {
      const res = await patch(user, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toMatchObject({ status: 'invalid_notification_preferences' });
      expect(res.body.detail.message).toMatch(/^Invalid notification preferences\./);
    }
    expect((await prefs(user)).body).toEqual(before);
  });

  it('with receipts off, the receipt mail is not sent while a security mail still is', async () => {
    const silent = await createTestUser(app);
    const control = await createTestUser(app);
    expect((await patch(silent, { billing_receipt: false })).status).toBe(200);

    await buyCreator(control);
    await buyCreator(silent);
    // The control owner gets the receipt: the mail path works in this app.
    await waitFor(() => subjectsTo(control).some((s) => s.startsWith('Your Vocalis receipt')), 20_000);
    expect((await b.invoices(silent.workspaceId)).some((i) => i.status === 'paid')).toBe(true);

    await requestPasswordReset(silent);
    await waitFor(() => subjectsTo(silent).includes('Reset your password for Vocalis'), 20_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(subjectsTo(silent).filter((s) => s.startsWith('Your Vocalis receipt'))).toEqual([]);

    // On again: the next paid invoice is mailed.
    await patch(silent, { billing_receipt: true });
    await b.call(silent, '/v1/user/edit-user-metadata', { allowed_to_extend_character_limit: true });
    const s = await b.subscription(silent);
    app.billing.clock.advanceTo(new Date(s.current_period_end_unix! * 1000));
    await app.billing.periods.runDue();
    await waitFor(() => subjectsTo(silent).some((m) => m.startsWith('Your Vocalis receipt')), 20_000);
  }, 90_000);

  it('with webhook notices off, an automatic disable adds no notification; with them on it does', async () => {
    const autoDisable = async (user: TestUser, name: string) => {
      const created = await b.call(user, '/v1/workspace/webhooks', {
        settings: { auth_type: 'hmac', name, webhook_url: `${receiver.url}/dead-${user.id}` },
        retry_enabled: false,
        events: ['speech_to_text'],
      });
      expect(created.status).toBe(200);
      const id = created.body.webhook_id as string;
      receiver.state.answers.push(...new Array<number>(AUTO_DISABLE_AFTER_FAILURES).fill(503));
      for (let i = 0; i < AUTO_DISABLE_AFTER_FAILURES; i++) {
        expect((await b.call(user, `/v1/workspace/webhooks/${id}/test`, {})).status).toBe(200);
      }
      await waitFor(async () => {
        const listed = (await b.call(user, '/v1/workspace/webhooks')).body.webhooks as {
          webhook_id: string;
          is_auto_disabled: boolean;
        }[];
        return listed.find((w) => w.webhook_id === id)?.is_auto_disabled;
      }, 30_000);
    };
    const titles = async (user: TestUser) =>
      ((await b.call(user, '/v1/messages')).body.messages as { title: string }[]).map((m) => m.title);

    const silent = await createTestUser(app);
    await patch(silent, { webhook_disabled: false });
    await autoDisable(silent, 'Quiet receiver');
    await new Promise((r) => setTimeout(r, 1000));
    expect(await titles(silent)).not.toContain('Webhook "Quiet receiver" was disabled');

    const control = await createTestUser(app);
    await autoDisable(control, 'Loud receiver');
    await waitFor(
      async () => (await titles(control)).includes('Webhook "Loud receiver" was disabled'),
      10_000,
    );
  }, 90_000);

  it('need user_read to read and user_write to change with an API key', async () => {
    const user = await createTestUser(app);
    const { key } = await createApiKey(app.database.db, user.id, {
      name: 'read only',
      permissions: ['user_read'],
    });
    const headers = { 'xi-api-key': key, 'content-type': 'application/json' };
    const read = await app.request('/v1/user/notification-preferences', { headers });
    expect(read.status).toBe(200);
    const write = await app.request('/v1/user/notification-preferences', {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ billing_receipt: false }),
    });
    // Like ElevenLabs, a key without the permission answers 401 in the detail shape.
    expect(write.status).toBe(401);
    expect(((await write.json()) as { detail: { message: string } }).detail.message).toContain('user_write');
    expect((await prefs(user)).body).toEqual(ALL_ON);
  });
});
