import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSms } from '../../sms/sms.repo';
import { Jar } from '../../testing/cookie-jar';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { totpFromUri } from '../../testing/totp';
import { newPhone, phoneFactorHarness } from './phone-factor-test-helpers';

type Detail = { detail: { status: string; message: string } };

describe(`phone (SMS) second factor on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });
  const { post, lastCode } = phoneFactorHarness(() => app);
  const me = async (jar: Jar) =>
    (await (await app.request('/v1/user', { headers: { cookie: jar.toString() } })).json()) as {
      sms_mfa_factor: { enrolled_at_unix: number } | null;
    };

  async function enrolledUser(): Promise<{ user: TestUser; phone: string; jar: Jar }> {
    const user = await createTestUser(app);
    const jar = new Jar(user.cookie);
    const phone = newPhone();
    const sent = await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone } }, jar);
    expect(sent.status).toBe(200);
    const code = await lastCode(phone);
    const ok = await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone, code } }, jar);
    expect(ok.status).toBe(200);
    return { user, phone, jar };
  }

  const passwordStep = async (user: TestUser) => {
    const jar = new Jar();
    const res = await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, jar);
    expect(res.status).toBe(200);
    return { jar, body: (await res.json()) as { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } };
  };

  it('enrols a phone with a texted code: a wrong code is refused, the right one turns the factor on', async () => {
    const user = await createTestUser(app);
    const jar = new Jar(user.cookie);
    const phone = newPhone();
    const sent = await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone } }, jar);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ status: 'code_sent', sms_mfa_factor: null });
    const code = (await lastCode(phone))!;
    expect(code).toMatch(/^\d{6}$/);
    expect((await me(jar)).sms_mfa_factor).toBeNull(); // not a factor until confirmed

    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await post(
      '/v1/user/update-mfa-factors',
      { sms: { phone_number: phone, code: wrong } },
      jar,
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Detail).detail).toEqual({
      status: 'invalid_code',
      message: 'The code is invalid or has expired. Please request a new one.',
    });

    const ok = await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone, code } }, jar);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({
      status: 'ok',
      sms_mfa_factor: { enrolled_at_unix: expect.any(Number), phone_number_hint: `•••• ${phone.slice(-4)}` },
    });
    expect((await me(jar)).sms_mfa_factor?.enrolled_at_unix).toBeGreaterThan(0);
    // The code is single use.
    const again = await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone, code } }, jar);
    expect(again.status).toBe(400);
  });

  it('validates the number and the code format (422), and needs a session (401)', async () => {
    const user = await createTestUser(app);
    const jar = new Jar(user.cookie);
    expect(
      (await post('/v1/user/update-mfa-factors', { sms: { phone_number: '0155 123' } }, jar)).status,
    ).toBe(422);
    expect(
      (await post('/v1/user/update-mfa-factors', { sms: { phone_number: newPhone(), code: '12' } }, jar))
        .status,
    ).toBe(422);
    expect((await post('/v1/user/update-mfa-factors', { sms: { phone_number: newPhone() } })).status).toBe(
      401,
    );
  });

  it('stops accepting codes after five wrong ones', async () => {
    const user = await createTestUser(app);
    const jar = new Jar(user.cookie);
    const phone = newPhone();
    await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone } }, jar);
    const code = (await lastCode(phone))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone, code: wrong } }, jar);
    }
    const res = await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone, code } }, jar);
    expect(res.status).toBe(429);
    expect(((await res.json()) as Detail).detail.message).toBe(
      'Too many attempts, please try again in a few minutes.',
    );
  });

  it('asks for a texted code at sign-in; a wrong code fails, the right one signs in', async () => {
    const { user, phone } = await enrolledUser();
    const { jar, body } = await passwordStep(user);
    expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['otp'] });

    const send = await post('/api/auth/two-factor/send-otp', {}, jar);
    expect(send.status).toBe(200);
    const code = (await lastCode(phone))!;
    const wrong = await post(
      '/api/auth/two-factor/verify-otp',
      { code: code === '000000' ? '111111' : '000000' },
      jar,
    );
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as Detail).detail.status).toBe('INVALID_CODE');
    expect((await app.request('/v1/user', { headers: { cookie: jar.toString() } })).status).toBe(401);

    const right = await post('/api/auth/two-factor/verify-otp', { code }, jar);
    expect(right.status).toBe(200);
    expect((await app.request('/v1/user', { headers: { cookie: jar.toString() } })).status).toBe(200);
  });

  it('offers the texted code only to users with a phone (an authenticator-only user sees totp)', async () => {
    const user = await createTestUser(app);
    const jar = new Jar(user.cookie);
    const enable = await post('/api/auth/two-factor/enable', { password: user.password }, jar);
    const { totpURI } = (await enable.json()) as { totpURI: string };
    await post('/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) }, jar);
    expect((await passwordStep(user)).body.twoFactorMethods).toEqual(['totp']);
    // With a phone as well, both are offered.
    const phone = newPhone();
    await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone } }, jar);
    await post(
      '/v1/user/update-mfa-factors',
      { sms: { phone_number: phone, code: await lastCode(phone) } },
      jar,
    );
    expect((await passwordStep(user)).body.twoFactorMethods).toEqual(['totp', 'otp']);
  });

  it('keeps asking for the texted code after the authenticator app is removed', async () => {
    const { user, phone, jar } = await enrolledUser();
    const enable = await post('/api/auth/two-factor/enable', { password: user.password }, jar);
    const { totpURI } = (await enable.json()) as { totpURI: string };
    await post('/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) }, jar);
    expect((await post('/api/auth/two-factor/disable', { password: user.password }, jar)).status).toBe(200);
    expect((await me(jar)).sms_mfa_factor).not.toBeNull();
    expect((await passwordStep(user)).body.twoFactorMethods).toEqual(['otp']);
    expect(phone).toBeTruthy();
  });

  it('removes the phone with the password; sign-in then needs no second factor', async () => {
    const { user, jar } = await enrolledUser();
    const wrong = await post(
      '/v1/user/update-mfa-factors',
      { sms: null, password: 'not-the-password-1!' },
      jar,
    );
    expect(wrong.status).toBe(400);
    expect((await me(jar)).sms_mfa_factor).not.toBeNull();
    const ok = await post('/v1/user/update-mfa-factors', { sms: null, password: user.password }, jar);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok', sms_mfa_factor: null });
    expect((await me(jar)).sms_mfa_factor).toBeNull();
    expect((await passwordStep(user)).body.twoFactorRedirect).toBeUndefined();
  });
});

/** A stand-in for Twilio's Messages API: records what it was sent; answers like Twilio. */
async function fakeTwilio(failWith?: number) {
  const received: { path: string; auth: string; form: URLSearchParams }[] = [];
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString();
  };
  const server: Server = createServer((req, res) => {
    void read(req).then((text) => {
      const form = new URLSearchParams(text);
      received.push({ path: req.url ?? '', auth: req.headers.authorization ?? '', form });
      res.setHeader('content-type', 'application/json');
      if (failWith) {
        res.statusCode = failWith;
        res.end(
          JSON.stringify({
            code: 21211,
            message: "The 'To' number is not a valid phone number.",
            status: failWith,
          }),
        );
        return;
      }
      res.statusCode = 201;
      res.end(
        JSON.stringify({
          sid: `SM${received.length.toString().padStart(32, '0')}`,
          status: 'queued',
          to: form.get('To'),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(`phone factor through the Twilio adapter (SMS_TRANSPORT=twilio, local fake) on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let twilio: Awaited<ReturnType<typeof fakeTwilio>>;
  let failing: Awaited<ReturnType<typeof fakeTwilio>>;
  beforeAll(async () => {
    twilio = await fakeTwilio();
    failing = await fakeTwilio(400);
    app = await startTestApp({
      env: {
        SMS_TRANSPORT: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC0123456789',
        TWILIO_AUTH_TOKEN: 'token-for-tests',
        TWILIO_FROM: '+15005550006',
        TWILIO_API_URL: twilio.url,
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await twilio?.close();
    await failing?.close();
  });
  const { post } = phoneFactorHarness(() => app);

  it("posts the code to Twilio's Messages API with basic auth and records the provider's id", async () => {
    const user = await createTestUser(app);
    const jar = new Jar(user.cookie);
    const phone = newPhone();
    const res = await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone } }, jar);
    expect(res.status).toBe(200);
    const sent = twilio.received.at(-1)!;
    expect(sent.path).toBe('/2010-04-01/Accounts/AC0123456789/Messages.json');
    expect(sent.auth).toBe(`Basic ${Buffer.from('AC0123456789:token-for-tests').toString('base64')}`);
    expect(sent.form.get('To')).toBe(phone);
    expect(sent.form.get('From')).toBe('+15005550006');
    const code = /\b(\d{6})\b/.exec(sent.form.get('Body')!)![1]!;
    const [row] = await listSms(app.database.db, 1, phone);
    expect(row).toMatchObject({
      transport: 'twilio',
      status: 'sent',
      providerMessageId: expect.stringMatching(/^SM/),
    });
    const ok = await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone, code } }, jar);
    expect(ok.status).toBe(200);
  });

  it('answers 400 when Twilio refuses the number, and records the failure', async () => {
    const refusing = await startTestApp({
      database: { database: app.database },
      env: {
        SMS_TRANSPORT: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC0123456789',
        TWILIO_AUTH_TOKEN: 'token-for-tests',
        TWILIO_FROM: '+15005550006',
        TWILIO_API_URL: failing.url,
      },
    });
    try {
      const user = await createTestUser(refusing);
      const phone = newPhone();
      const res = await refusing.request('/v1/user/update-mfa-factors', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: user.cookie },
        body: JSON.stringify({ sms: { phone_number: phone } }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as Detail).detail).toEqual({
        status: 'sms_send_failed',
        message: 'We could not send a text message to this number. Please check it and try again.',
      });
      const [row] = await listSms(app.database.db, 1, phone);
      expect(row).toMatchObject({ status: 'failed', error: expect.stringContaining('21211') });
    } finally {
      await refusing.close();
    }
  });
});
