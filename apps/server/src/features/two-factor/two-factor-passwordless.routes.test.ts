import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth';
import { listMail } from '../../mail/mail.repo';
import { Jar } from '../../testing/cookie-jar';
import { completeAtProvider, socialSignIn, startAppWithStandIn } from '../../testing/social-sign-in';
import { createTestUser, type TestApp } from '../../testing/test-app';
import { totpFromUri } from '../../testing/totp';
import { newPhone, phoneFactorHarness } from './phone-factor-test-helpers';

type Detail = { detail: { status: string; message: string } };
type Me = { totp_mfa_factor: { enrolled_at_unix: number } | null; sms_mfa_factor: unknown };

const EMAIL_ACCESS = {
  status: 'email_access_verification_required',
  message:
    'For your security, please confirm this action: we have sent you an email with a link. Open it, then try again.',
};

let seq = 0;
const newEmail = () => `totp-social-${++seq}-${Date.now()}@example.com`;

describe(`authenticator app without a password, and removing a factor as a sensitive action, on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await startAppWithStandIn());
  });
  afterAll(async () => {
    await close?.();
  });
  const { post, lastCode } = phoneFactorHarness(() => app);
  const me = async (jar: Jar) =>
    (await (await app.request('/v1/user', { headers: { cookie: jar.toString() } })).json()) as Me;
  /** Makes the user's sessions look signed in an hour ago. */
  const ageSessions = (userId: string) =>
    app.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(sessions.userId, userId));
  const userIdOf = async (jar: Jar) =>
    (
      (await (
        await app.request('/api/auth/get-session', { headers: { cookie: jar.toString() } })
      ).json()) as {
        user: { id: string };
      }
    ).user.id;
  /** The code of the newest "Confirm it is you" mail to `email`, or null. */
  const mailedCode = async (email: string) => {
    const mail = (await listMail(app.database.db, 50)).find(
      (m) => m.to === email && m.subject === 'Confirm it is you on Vocalis',
    );
    const link = mail && /https?:\/\/\S+sensitiveActionVerificationCode=\S+/.exec(mail.text)?.[0];
    return link ? new URL(link).searchParams.get('sensitiveActionVerificationCode') : null;
  };

  async function enrolTotp(jar: Jar, body: Record<string, unknown> = {}) {
    const enable = await post('/api/auth/two-factor/enable', body, jar);
    expect(enable.status, await enable.clone().text()).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    const verify = await post('/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) }, jar);
    expect(verify.status).toBe(200);
    return { uri: totpURI, backupCodes };
  }

  it('a social-only account with a fresh session enrols the authenticator app without a password', async () => {
    const email = newEmail();
    const { jar } = await socialSignIn(app, 'google', { email, name: 'Ada Lovelace' });
    const { uri, backupCodes } = await enrolTotp(jar);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Vocalis:.+secret=[A-Z2-7]+/);
    expect(backupCodes).toHaveLength(10);
    expect((await me(jar)).totp_mfa_factor?.enrolled_at_unix).toBeGreaterThan(0);

    // New backup codes without a password, too (the session is fresh).
    const codes = await post('/v1/user/backup-code', {}, jar);
    expect(codes.status).toBe(200);
    expect(((await codes.json()) as { backup_codes: string[] }).backup_codes).toHaveLength(10);
  });

  it('then a provider sign-in asks for the code: no session until the right code, which signs in', async () => {
    const email = newEmail();
    const { jar } = await socialSignIn(app, 'google', { email, name: 'Ada Lovelace' });
    const { uri } = await enrolTotp(jar);

    const again = await socialSignIn(app, 'google', { email });
    expect(again.location).toBe('/sign-in?error=TWO_FACTOR_REQUIRED&error_description=totp');
    expect((await app.request('/v1/user', { headers: { cookie: again.jar.toString() } })).status).toBe(401);

    const wrongCode = totpFromUri(uri) === '000000' ? '111111' : '000000';
    const wrong = await post('/api/auth/two-factor/verify-totp', { code: wrongCode }, again.jar);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as Detail).detail.status).toBe('INVALID_CODE');
    const right = await post('/api/auth/two-factor/verify-totp', { code: totpFromUri(uri) }, again.jar);
    expect(right.status).toBe(200);
    expect((await me(again.jar)).totp_mfa_factor).not.toBeNull();
  });

  it('the popup hands the opener the second-factor request instead of a session', async () => {
    const email = newEmail();
    const { jar } = await socialSignIn(app, 'github', { email });
    const { uri } = await enrolTotp(jar);
    // A phone too: both methods are offered.
    const phone = newPhone();
    await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone } }, jar);
    const enrolCode = await lastCode(phone);
    await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone, code: enrolCode } }, jar);

    const popupJar = new Jar();
    const start = await app.request(
      `/api/auth/oauth-popup/start?${new URLSearchParams({
        provider: 'github',
        popupOrigin: app.config.publicUrl,
        popupNonce: 'nonce-2fa',
        callbackURL: '/',
        newUserCallbackURL: '/sign-up?step=welcome',
        errorCallbackURL: '/sign-in',
      })}`,
      { redirect: 'manual' },
    );
    popupJar.take(start);
    const outcome = await completeAtProvider(app, start.headers.get('location')!, popupJar, { email });
    const data = JSON.parse(
      /<script type="application\/json"[^>]*>(.*?)<\/script>/s.exec(outcome.body)![1]!,
    ) as {
      nonce: string;
      token?: string;
      error?: { code: string; description?: string };
    };
    expect(data).toMatchObject({
      nonce: 'nonce-2fa',
      error: { code: 'TWO_FACTOR_REQUIRED', description: 'totp,otp' },
    });
    expect(data.token).toBeUndefined();
    expect((await app.request('/v1/user', { headers: { cookie: outcome.jar.toString() } })).status).toBe(401);

    const right = await post('/api/auth/two-factor/verify-totp', { code: totpFromUri(uri) }, outcome.jar);
    expect(right.status).toBe(200);
    expect((await app.request('/v1/user', { headers: { cookie: outcome.jar.toString() } })).status).toBe(200);
  });

  it('an old session is refused with 403 and a mailed link; after verifying email access the app is enrolled', async () => {
    const email = newEmail();
    const { jar } = await socialSignIn(app, 'github', { email });
    await ageSessions(await userIdOf(jar));

    const refused = await post('/api/auth/two-factor/enable', {}, jar);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Detail).detail).toEqual(EMAIL_ACCESS);
    expect((await me(jar)).totp_mfa_factor).toBeNull();
    // The secret cannot be read or backup codes made either.
    expect((await post('/api/auth/two-factor/get-totp-uri', {}, jar)).status).toBe(403);
    expect((await post('/api/auth/two-factor/generate-backup-codes', {}, jar)).status).toBe(403);
    expect((await post('/v1/user/backup-code', {}, jar)).status).toBe(403);

    const code = await mailedCode(email);
    expect(code).toBeTruthy();
    expect((await post('/v1/user/verify-sensitive-action-code', { code }, jar)).status).toBe(200);
    await enrolTotp(jar);
    expect((await me(jar)).totp_mfa_factor).not.toBeNull();
  });

  it('removing the authenticator app without a password needs a fresh session; with one it is removed', async () => {
    const email = newEmail();
    const { jar } = await socialSignIn(app, 'google', { email });
    const { uri } = await enrolTotp(jar);
    const userId = await userIdOf(jar);
    await ageSessions(userId);
    const refused = await post('/api/auth/two-factor/disable', {}, jar);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Detail).detail).toEqual(EMAIL_ACCESS);
    expect((await me(jar)).totp_mfa_factor).not.toBeNull();

    // Signing in again (with the second step) makes a fresh session.
    const fresh = await socialSignIn(app, 'google', { email });
    expect(
      (await post('/api/auth/two-factor/verify-totp', { code: totpFromUri(uri) }, fresh.jar)).status,
    ).toBe(200);
    const ok = await post('/api/auth/two-factor/disable', {}, fresh.jar);
    expect(ok.status).toBe(200);
    expect((await me(fresh.jar)).totp_mfa_factor).toBeNull();
  });

  it('password accounts: enrolment still needs the password; removal needs the password and a fresh session', async () => {
    const user = await createTestUser(app);
    const jar = new Jar(user.cookie);
    const noPassword = await post('/api/auth/two-factor/enable', {}, jar);
    expect(noPassword.status).toBe(400);
    expect(((await noPassword.json()) as Detail).detail.status).toBe('INVALID_PASSWORD');
    const { backupCodes } = await enrolTotp(jar, { password: user.password });

    expect((await post('/api/auth/two-factor/disable', {}, jar)).status).toBe(400);
    await ageSessions(user.id);
    const refused = await post('/api/auth/two-factor/disable', { password: user.password }, jar);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Detail).detail).toEqual(EMAIL_ACCESS);
    // Signed in, a backup code removes the factor too: the same rule.
    const byCode = await post(`/v1/user/backup-code/${backupCodes[0]}/remove-mfa`, {}, jar);
    expect(byCode.status).toBe(403);
    expect((await me(jar)).totp_mfa_factor).not.toBeNull();

    const code = await mailedCode(user.email);
    expect((await post('/v1/user/verify-sensitive-action-code', { code }, jar)).status).toBe(200);
    const ok = await post('/api/auth/two-factor/disable', { password: user.password }, jar);
    expect(ok.status).toBe(200);
    expect((await me(jar)).totp_mfa_factor).toBeNull();
  });

  it('removing the phone factor with an old session answers 403 before any text or password check', async () => {
    const user = await createTestUser(app);
    const jar = new Jar(user.cookie);
    const phone = newPhone();
    await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone } }, jar);
    const code = await lastCode(phone);
    expect(
      (await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone, code } }, jar)).status,
    ).toBe(200);
    await ageSessions(user.id);
    const refused = await post('/v1/user/update-mfa-factors', { sms: null, password: user.password }, jar);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Detail).detail).toEqual(EMAIL_ACCESS);
    expect((await me(jar)).sms_mfa_factor).not.toBeNull();
  });
});
