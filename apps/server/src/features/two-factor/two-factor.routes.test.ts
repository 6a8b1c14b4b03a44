import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { Jar } from '../../testing/cookie-jar';
import { totpFromUri } from '../../testing/totp';
import { phoneFactorHarness } from './phone-factor-test-helpers';

type Detail = { detail: { status: string; message: string } };

describe(`authenticator app (TOTP) and backup codes on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const { post } = phoneFactorHarness(() => app);

  /** Enrols TOTP for a fresh user; returns the user, the otpauth URI, backup codes and a live session jar. */
  async function enrolled() {
    const user = await createTestUser(app);
    const jar = new Jar(user.cookie);
    const enable = await post('/api/auth/two-factor/enable', { password: user.password }, jar);
    expect(enable.status).toBe(200);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    const verify = await post('/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) }, jar);
    expect(verify.status).toBe(200);
    return { user, uri: totpURI, backupCodes, jar };
  }

  /** Password step of sign-in; returns the jar holding the two-factor challenge cookie. */
  async function passwordStep(user: TestUser) {
    const jar = new Jar();
    const res = await post('/api/auth/sign-in/email', { email: user.email, password: user.password }, jar);
    expect(res.status).toBe(200);
    return { jar, body: (await res.json()) as { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } };
  }

  const getUser = (jar: Jar) => app.request('/v1/user', { headers: { cookie: jar.toString() } });

  it('enrols with a QR URI and a code from the app; GET /v1/user then shows the factor', async () => {
    const { uri, backupCodes, jar } = await enrolled();
    expect(uri).toMatch(/^otpauth:\/\/totp\/Vocalis:.+\?.*secret=[A-Z2-7]+/);
    expect(backupCodes).toHaveLength(10);
    const res = await getUser(jar);
    expect(res.status).toBe(200);
    const user = (await res.json()) as { totp_mfa_factor: { enrolled_at_unix: number } | null };
    expect(user.totp_mfa_factor?.enrolled_at_unix).toBeGreaterThan(0);
  });

  it('does not require the factor until the first code is verified', async () => {
    const user = await createTestUser(app);
    await post('/api/auth/two-factor/enable', { password: user.password }, new Jar(user.cookie));
    const { body } = await passwordStep(user);
    expect(body.twoFactorRedirect).toBeUndefined();
  });

  it('asks for the code at sign-in, rejects a wrong code and signs in with the right one', async () => {
    const { user, uri } = await enrolled();
    const { jar, body } = await passwordStep(user);
    expect(body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect((await getUser(jar)).status).toBe(401); // no session yet

    const wrongCode = totpFromUri(uri) === '000000' ? '111111' : '000000';
    const wrong = await post('/api/auth/two-factor/verify-totp', { code: wrongCode }, jar);
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as Detail).detail.status).toBe('INVALID_CODE');

    const right = await post('/api/auth/two-factor/verify-totp', { code: totpFromUri(uri) }, jar);
    expect(right.status).toBe(200);
    expect((await getUser(jar)).status).toBe(200);
  });

  it('ends a challenge after five wrong codes', async () => {
    const { user, uri } = await enrolled();
    const { jar } = await passwordStep(user);
    const wrongCode = totpFromUri(uri) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await post('/api/auth/two-factor/verify-totp', { code: wrongCode }, jar);
    const res = await post('/api/auth/two-factor/verify-totp', { code: totpFromUri(uri) }, jar);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(['TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', 'INVALID_TWO_FACTOR_COOKIE']).toContain(
      ((await res.json()) as Detail).detail.status,
    );
  });

  it('signs in with a backup code once; the same code is refused the second time', async () => {
    const { user, backupCodes } = await enrolled();
    const first = await passwordStep(user);
    const ok = await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, first.jar);
    expect(ok.status).toBe(200);
    expect((await getUser(first.jar)).status).toBe(200);

    const second = await passwordStep(user);
    const again = await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, second.jar);
    expect(again.status).toBe(401);
    expect(((await again.json()) as Detail).detail.status).toBe('INVALID_BACKUP_CODE');
    expect((await getUser(second.jar)).status).toBe(401);
  });

  it('removes the factor with a backup code at the second sign-in step (backup-code/{code}/remove-mfa)', async () => {
    const { user, backupCodes } = await enrolled();
    const { jar } = await passwordStep(user);
    const res = await post(`/v1/user/backup-code/${backupCodes[1]}/remove-mfa`, {}, jar);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('ok');
    const me = await getUser(jar);
    expect(me.status).toBe(200); // signed in by the backup code
    expect(((await me.json()) as { totp_mfa_factor: unknown }).totp_mfa_factor).toBeNull();
    const { body } = await passwordStep(user);
    expect(body.twoFactorRedirect).toBeUndefined();
  });

  it('refuses remove-mfa with a wrong backup code in the error shape', async () => {
    const { user } = await enrolled();
    const { jar } = await passwordStep(user);
    const res = await post('/v1/user/backup-code/nope-nope1/remove-mfa', {}, jar);
    expect(res.status).toBe(401);
    expect(((await res.json()) as Detail).detail.status).toBe('INVALID_BACKUP_CODE');
    expect((await post('/v1/user/backup-code/x/remove-mfa', {})).status).toBe(401);
  });

  it('regenerates backup codes with the password (POST /v1/user/backup-code); old codes stop working', async () => {
    const { user, backupCodes, jar } = await enrolled();
    const wrong = await post('/v1/user/backup-code', { password: 'not-the-password-1!' }, jar);
    expect(wrong.status).toBe(400);
    const res = await post('/v1/user/backup-code', { password: user.password }, jar);
    expect(res.status).toBe(200);
    const { backup_codes } = (await res.json()) as { backup_codes: string[] };
    expect(backup_codes).toHaveLength(10);
    expect(backup_codes).not.toContain(backupCodes[0]);

    const step = await passwordStep(user);
    expect(
      (await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, step.jar)).status,
    ).toBe(401);
    const step2 = await passwordStep(user);
    expect(
      (await post('/api/auth/two-factor/verify-backup-code', { code: backup_codes[0] }, step2.jar)).status,
    ).toBe(200);
    expect((await post('/v1/user/backup-code', { password: user.password })).status).toBe(401);
  });
});
