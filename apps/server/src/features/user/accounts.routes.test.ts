import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/auth';
import { firstLink, startSmtpSink } from '../../testing/smtp-sink';
import { createTestUser, startTestApp, type TestApp } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

describe(`sign-up, verification, reset and sign-in failures on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let sink: Sink;
  let n = 0;
  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startTestApp({
      env: {
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: sink.url,
        SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '3',
        SIGN_IN_MAX_FAILURES_PER_IP: '12',
        TRUST_PROXY: 'true',
        APPEAL_URL: 'https://vocalis.test/appeal',
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });

  const newEmail = () => `acct${++n}-${Date.now()}@example.com`;
  const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl, ...headers },
      body: JSON.stringify(body),
    });
  const signUp = (email: string, password: string) =>
    json('/api/auth/sign-up/email', { email, password, name: 'Ada' });
  const signIn = (email: string, password: string, ip?: string) =>
    json('/api/auth/sign-in/email', { email, password }, { 'x-forwarded-for': ip ?? '10.9.9.9' });
  const mailTo = (email: string, subject: string, after = 0) =>
    waitFor(() => sink.received.slice(after).find((m) => m.to.includes(email) && m.raw.includes(subject)));
  const action = (link: string) => {
    const url = new URL(link);
    return { url, mode: url.searchParams.get('mode'), code: url.searchParams.get('oobCode')! };
  };

  describe('password rules on sign-up', () => {
    it.each([
      [
        'abcdefg!',
        "Your password doesn't meet our security requirements: Your password must contain a number.",
      ],
      [
        '1234567!',
        "Your password doesn't meet our security requirements: Your password must contain a letter.",
      ],
      [
        'abcdefg1',
        "Your password doesn't meet our security requirements: Your password must contain a special character.",
      ],
      [
        'ab1!',
        "Your password doesn't meet our security requirements: Your password must be more than 8 characters long.",
      ],
    ])('rejects %j with the spec message in the error shape', async (password, message) => {
      const res = await signUp(newEmail(), password);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ detail: { status: 'PASSWORD_TOO_WEAK', message } });
    });
  });

  it('signs up, mails a verification link to the action page, and the link verifies the address once', async () => {
    const email = newEmail();
    const res = await signUp(email, 'Str0ng-pass!');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]); // no session before verification

    const before = await signIn(email, 'Str0ng-pass!');
    expect(before.status).toBe(403);
    expect(((await before.json()) as { detail: { status: string } }).detail.status).toBe(
      'EMAIL_NOT_VERIFIED',
    );

    const mail = await mailTo(email, 'Verify your email');
    const link = action(firstLink(mail.raw));
    expect(link.url.origin + link.url.pathname).toBe(`${app.config.publicUrl}/action`);
    expect(link.mode).toBe('verifyEmail');
    expect(link.url.searchParams.get('continueUrl')).toBe(`${app.config.publicUrl}/sign-in`);
    expect(link.url.searchParams.get('lang')).toBe('en');

    // What the action page does with the code:
    const verified = await app.request(`/api/auth/verify-email?token=${encodeURIComponent(link.code)}`);
    expect(verified.status).toBe(200);
    const [row] = await app.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.emailVerified).toBe(true);
    expect((await signIn(email, 'Str0ng-pass!')).status).toBe(200);

    const forged = await app.request(`/api/auth/verify-email?token=${encodeURIComponent(`${link.code}x`)}`);
    expect(forged.status).toBe(401);
  });

  it('resends the verification mail with the spec text, and says the same for unknown addresses', async () => {
    const email = newEmail();
    await signUp(email, 'Str0ng-pass!');
    await mailTo(email, 'Verify your email');
    const count = sink.received.length;
    for (const address of [email, newEmail()]) {
      const res = await json('/v1/user/send-verification-email', { email: address });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        status: 'ok',
        message: 'We have sent you a new email with instructions on how to verify your account.',
      });
    }
    await mailTo(email, 'Verify your email', count);
  });

  it('resets a password through the mailed link: check the code, set a new one, the code is used up', async () => {
    const user = await createTestUser(app);
    const count = sink.received.length;
    const res = await json('/v1/user/send-password-reset-email', { email: user.email });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      message: `If a user with the email ${user.email} exists, then we have sent an email containing instructions on how to reset your password.`,
    });
    const unknown = await json('/v1/user/send-password-reset-email', { email: 'nobody@example.com' });
    expect(((await unknown.json()) as { message: string }).message).toBe(
      'If a user with the email nobody@example.com exists, then we have sent an email containing instructions on how to reset your password.',
    );

    const link = action(firstLink((await mailTo(user.email, 'Reset your password', count)).raw));
    expect(link.mode).toBe('resetPassword');
    // Stored hashed: the code itself is nowhere in the verification table.
    const stored = await app.database.db.execute<{ identifier: string }>(
      'select identifier from verifications' as never,
    );
    expect(JSON.stringify(stored)).not.toContain(link.code);

    const check = await json('/v1/user/check-password-reset-code', { code: link.code });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ email: user.email });

    const weak = await json('/api/auth/reset-password', { token: link.code, newPassword: 'short' });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { detail: { status: string } }).detail.status).toBe('PASSWORD_TOO_WEAK');

    const reset = await json('/api/auth/reset-password', { token: link.code, newPassword: 'N3w-password!' });
    expect(reset.status).toBe(200);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    expect((await signIn(user.email, 'N3w-password!')).status).toBe(200);

    const again = await json('/v1/user/check-password-reset-code', { code: link.code });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      detail: {
        status: 'invalid_action_code',
        message:
          'An error occured, your link is either expired or invalid, please request another password change.',
      },
    });
    const reuse = await json('/api/auth/reset-password', { token: link.code, newPassword: 'An0ther-pass!' });
    expect(reuse.status).toBe(400);
  });

  describe('sign-in failure table (accounts.md §8)', () => {
    it('unknown user and wrong password give INVALID_EMAIL_OR_PASSWORD', async () => {
      const user = await createTestUser(app);
      for (const [email, password] of [
        ['nobody-here@example.com', 'Whatever-1!'],
        [user.email, 'Wrong-passw0rd!'],
      ] as const) {
        const res = await signIn(email, password, '10.0.0.1');
        expect(res.status).toBe(401);
        expect(((await res.json()) as { detail: { status: string } }).detail.status).toBe(
          'INVALID_EMAIL_OR_PASSWORD',
        );
      }
    });

    it('locks an account after repeated failures, even from different addresses, with the spec text', async () => {
      const user = await createTestUser(app);
      for (let i = 0; i < 3; i++)
        expect((await signIn(user.email, 'Wrong-passw0rd!', `10.1.0.${i}`)).status).toBe(401);
      const locked = await signIn(user.email, user.password, '10.1.0.99');
      expect(locked.status).toBe(429);
      expect(await locked.json()).toEqual({
        detail: {
          status: 'TOO_MANY_REQUESTS',
          message: 'Too many sign-in attempts, please try again in a few minutes.',
        },
      });
    });

    it('locks an IP address that tries many accounts', async () => {
      for (let i = 0; i < 12; i++)
        expect((await signIn(`spray${i}@example.com`, 'Wrong-passw0rd!', '10.2.0.1')).status).toBe(401);
      const user = await createTestUser(app);
      expect((await signIn(user.email, user.password, '10.2.0.1')).status).toBe(429);
      expect((await signIn(user.email, user.password, '10.2.0.2')).status).toBe(200);
    });

    it.runIf(process.env.TEST_DB === 'postgres')(
      'a second server on the same database sees the same counters',
      async () => {
        const user = await createTestUser(app);
        const other = await startTestApp({
          database: {
            database: app.database,
            url: app.config.database.kind === 'postgres' ? app.config.database.url : undefined,
          },
          env: { SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '3', TRUST_PROXY: 'true' },
        });
        try {
          for (let i = 0; i < 3; i++)
            expect((await signIn(user.email, 'Wrong-passw0rd!', '10.3.0.1')).status).toBe(401);
          const res = await other.request('/api/auth/sign-in/email', {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              origin: other.config.publicUrl,
              'x-forwarded-for': '10.3.0.2',
            },
            body: JSON.stringify({ email: user.email, password: user.password }),
          });
          expect(res.status).toBe(429);
        } finally {
          await other.close();
        }
      },
    );

    it.each([
      [
        'disabled',
        'ACCOUNT_DISABLED',
        'Your account has been disabled by an administrator in your workspace.',
      ],
      ['deleted', 'ACCOUNT_DELETED', 'Your account has been deleted.'],
      [
        'banned',
        'BANNED_USER',
        'Your account has been suspended for violating our prohibited use policy. If you think this is a mistake, you can appeal.',
      ],
    ] as const)('a %s account cannot sign in: %s', async (state, code, message) => {
      const user = await createTestUser(app);
      await app.users.setAccountState(user.id, state);
      // The session the user had is over too.
      expect((await app.request('/v1/user', { headers: { cookie: user.cookie } })).status).toBe(401);
      expect((await app.request('/v1/user', { headers: { 'xi-api-key': user.apiKey } })).status).toBe(401);
      const res = await signIn(user.email, user.password, '10.4.0.1');
      expect(res.status).toBe(403);
      // A suspended account's notice comes with the appeal link (APPEAL_URL, set in this app's env).
      const appeal = state === 'banned' ? { appeal_url: 'https://vocalis.test/appeal' } : {};
      expect(await res.json()).toEqual({ detail: { status: code, message, ...appeal } });
      // Without the right password the state is not revealed.
      const wrong = await signIn(user.email, 'Wrong-passw0rd!', '10.4.0.1');
      expect(wrong.status).toBe(401);
    });

    it('an unverified account gets EMAIL_NOT_VERIFIED and a fresh link', async () => {
      const email = newEmail();
      await signUp(email, 'Str0ng-pass!');
      const res = await signIn(email, 'Str0ng-pass!', '10.5.0.1');
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        detail: {
          status: 'EMAIL_NOT_VERIFIED',
          message:
            'Your email address has not been verified yet. Please follow the link in the email we sent you.',
        },
      });
    });
  });
});
