import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Jar } from '../../testing/cookie-jar';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { totpFromUri } from '../../testing/totp';
import { newPhone, phoneFactorHarness } from './phone-factor-test-helpers';

/**
 * What the second sign-in step gets back from better-auth, through /api/auth (auth-proxy.ts puts every
 * error in {"detail":{"status","message"}}), for each way a second factor fails. The web's sign-in step
 * (apps/web/src/features/auth/components/two-factor-step-failures.test.tsx) maps exactly these answers
 * to the texts of accounts.md §8.
 */
describe(`second-factor failures at sign-in on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });
  const { post, lastCode } = phoneFactorHarness(() => app);
  const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');
  const getUser = (jar: Jar) => app.request('/v1/user', { headers: { cookie: jar.toString() } });

  const INVALID_CODE = { status: 401, body: { detail: { status: 'INVALID_CODE', message: 'Invalid code' } } };
  const TOO_MANY = {
    status: 400,
    body: {
      detail: {
        status: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
        message: 'Too many attempts. Please request a new code.',
      },
    },
  };
  const CHALLENGE_GONE = {
    status: 401,
    body: { detail: { status: 'INVALID_TWO_FACTOR_COOKIE', message: 'Invalid two factor cookie' } },
  };

  async function totpUser() {
    const user = await createTestUser(app);
    const jar = new Jar(user.cookie);
    const enable = await post('/api/auth/two-factor/enable', { password: user.password }, jar);
    const { totpURI } = (await enable.json()) as { totpURI: string };
    expect((await post('/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) }, jar)).status).toBe(
      200,
    );
    return { user, uri: totpURI };
  }

  async function phoneUser() {
    const user = await createTestUser(app);
    const jar = new Jar(user.cookie);
    const phone = newPhone();
    await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone } }, jar);
    const code = await lastCode(phone);
    expect(
      (await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone, code } }, jar)).status,
    ).toBe(200);
    return { user, phone };
  }

  /** The password step; the jar then holds the two-factor challenge cookie. */
  async function passwordStep(user: TestUser) {
    const jar = new Jar();
    const res = await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, jar);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
    return jar;
  }

  it('a wrong authenticator code: 401 INVALID_CODE, and no session', async () => {
    const { user, uri } = await totpUser();
    const jar = await passwordStep(user);
    const res = await post('/api/auth/two-factor/verify-totp', { code: wrongFor(totpFromUri(uri)) }, jar);
    expect(await answer(res)).toEqual(INVALID_CODE);
    expect((await getUser(jar)).status).toBe(401);
  });

  it('a wrong backup code: 401 INVALID_BACKUP_CODE', async () => {
    const { user } = await totpUser();
    const jar = await passwordStep(user);
    const res = await post('/api/auth/two-factor/verify-backup-code', { code: 'AAAAA-BBBBB' }, jar);
    expect(await answer(res)).toEqual({
      status: 401,
      body: { detail: { status: 'INVALID_BACKUP_CODE', message: 'Invalid backup code' } },
    });
    expect((await getUser(jar)).status).toBe(401);
  });

  it('a wrong texted code: 401 INVALID_CODE', async () => {
    const { user, phone } = await phoneUser();
    const jar = await passwordStep(user);
    expect((await post('/api/auth/two-factor/send-otp', {}, jar)).status).toBe(200);
    const code = (await lastCode(phone))!;
    const res = await post('/api/auth/two-factor/verify-otp', { code: wrongFor(code) }, jar);
    expect(await answer(res)).toEqual(INVALID_CODE);
  });

  it('five wrong authenticator or backup codes: the sixth try is 400 TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE and the challenge is over', async () => {
    const { user, uri } = await totpUser();
    const jar = await passwordStep(user);
    const wrong = () => ({ code: wrongFor(totpFromUri(uri)) });
    // Backup codes and authenticator codes count together against the challenge's five tries.
    expect((await post('/api/auth/two-factor/verify-backup-code', { code: 'AAAAA-BBBBB' }, jar)).status).toBe(
      401,
    );
    for (let i = 0; i < 4; i++) {
      expect(await answer(await post('/api/auth/two-factor/verify-totp', wrong(), jar))).toEqual(
        INVALID_CODE,
      );
    }
    // Even the right code is refused now; the challenge cookie is cleared.
    const res = await post('/api/auth/two-factor/verify-totp', { code: totpFromUri(uri) }, jar);
    expect(await answer(res)).toEqual(TOO_MANY);
    const again = await post('/api/auth/two-factor/verify-totp', { code: totpFromUri(uri) }, jar);
    expect(await answer(again)).toEqual(CHALLENGE_GONE);
    expect((await getUser(jar)).status).toBe(401);
  });

  it('five wrong texted codes: the sixth try is 400 TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE; that code is gone (OTP_HAS_EXPIRED), a new one works', async () => {
    const { user, phone } = await phoneUser();
    const jar = await passwordStep(user);
    await post('/api/auth/two-factor/send-otp', {}, jar);
    const code = (await lastCode(phone))!;
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/two-factor/verify-otp', { code: wrongFor(code) }, jar);
      expect(await answer(res)).toEqual(INVALID_CODE);
    }
    expect(await answer(await post('/api/auth/two-factor/verify-otp', { code }, jar))).toEqual(TOO_MANY);
    expect(await answer(await post('/api/auth/two-factor/verify-otp', { code }, jar))).toEqual({
      status: 400,
      body: { detail: { status: 'OTP_HAS_EXPIRED', message: 'OTP has expired' } },
    });
    // Unlike the authenticator's challenge, the texted-code challenge survives: a new text signs in.
    expect((await post('/api/auth/two-factor/send-otp', {}, jar)).status).toBe(200);
    const fresh = (await lastCode(phone))!;
    expect((await post('/api/auth/two-factor/verify-otp', { code: fresh }, jar)).status).toBe(200);
    expect((await getUser(jar)).status).toBe(200);
  });

  it('ten wrong codes across challenges lock the account: 429 ACCOUNT_TEMPORARILY_LOCKED, even for the right code', async () => {
    const { user, uri } = await totpUser();
    for (let i = 0; i < 10; i++) {
      const jar = await passwordStep(user);
      const res = await post('/api/auth/two-factor/verify-totp', { code: wrongFor(totpFromUri(uri)) }, jar);
      expect(await answer(res)).toEqual(INVALID_CODE);
    }
    const jar = await passwordStep(user);
    const res = await post('/api/auth/two-factor/verify-totp', { code: totpFromUri(uri) }, jar);
    expect(await answer(res)).toEqual({
      status: 429,
      body: {
        detail: {
          status: 'ACCOUNT_TEMPORARILY_LOCKED',
          message:
            'Too many failed verification attempts. Your account is temporarily locked. Please try again later.',
        },
      },
    });
    expect((await getUser(jar)).status).toBe(401);
  });

  it('no challenge (expired or never started): 401 INVALID_TWO_FACTOR_COOKIE', async () => {
    const res = await post('/api/auth/two-factor/verify-totp', { code: '123456' }, new Jar());
    expect(await answer(res)).toEqual(CHALLENGE_GONE);
  });
});
