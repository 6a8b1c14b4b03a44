import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSms } from '../../sms/sms.repo';
import { socialSignIn, startAppWithStandIn } from '../../testing/social-sign-in';
import { createTestUser, type TestApp } from '../../testing/test-app';
import { Jar } from '../../testing/cookie-jar';
import { newPhone, phoneFactorHarness } from './phone-factor-test-helpers';

type Detail = { detail: { status: string; message: string } };
type Factors = { status: string; sms_mfa_factor: { phone_number_hint: string } | null };

let seq = 0;
const newEmail = () => `no-password-${++seq}-${Date.now()}@example.com`;

describe(`removing the phone factor without a password (social sign-up) on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await startAppWithStandIn());
  });
  afterAll(async () => {
    await close?.();
  });
  const { post, lastCode } = phoneFactorHarness(() => app);
  const factor = async (jar: Jar) =>
    ((await (await app.request('/v1/user', { headers: { cookie: jar.toString() } })).json()) as Factors)
      .sms_mfa_factor;

  async function enrol(jar: Jar): Promise<string> {
    const phone = newPhone();
    expect((await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone } }, jar)).status).toBe(
      200,
    );
    const code = await lastCode(phone);
    const ok = await post('/v1/user/update-mfa-factors', { sms: { phone_number: phone, code } }, jar);
    expect(ok.status).toBe(200);
    return phone;
  }

  it('texts a removal code to the enrolled number; a wrong code keeps the phone, the right one removes it', async () => {
    const { jar } = await socialSignIn(app, 'google', { email: newEmail(), name: 'Grace Hopper' });
    const phone = await enrol(jar);
    const enrolmentCode = await lastCode(phone);

    // There is no password to confirm with.
    const withPassword = await post(
      '/v1/user/update-mfa-factors',
      { sms: null, password: 'guess-1234' },
      jar,
    );
    expect(withPassword.status).toBe(400);
    expect(await factor(jar)).not.toBeNull();

    const sent = await post('/v1/user/update-mfa-factors', { sms: null }, jar);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({
      status: 'code_sent',
      sms_mfa_factor: expect.objectContaining({ phone_number_hint: `•••• ${phone.slice(-4)}` }),
    });
    const [text] = await listSms(app.database.db, 1, phone);
    expect(text!.body).toMatch(
      /^Your Vocalis code to remove this phone number is \d{6}\. It expires in 10 minutes\.$/,
    );
    const code = (await lastCode(phone))!;
    expect(code).not.toBe(enrolmentCode);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await post('/v1/user/update-mfa-factors', { sms: null, code: wrongCode }, jar);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as Detail).detail).toEqual({
      status: 'invalid_code',
      message: 'The code is invalid or has expired. Please request a new one.',
    });
    expect(await factor(jar)).not.toBeNull();

    const ok = await post('/v1/user/update-mfa-factors', { sms: null, code }, jar);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'ok', sms_mfa_factor: null });
    expect(await factor(jar)).toBeNull();
  });

  it('keeps the password for accounts that have one: no removal code is texted', async () => {
    const user = await createTestUser(app);
    const jar = new Jar(user.cookie);
    const phone = await enrol(jar);
    const before = await listSms(app.database.db, 10, phone);
    const res = await post('/v1/user/update-mfa-factors', { sms: null }, jar);
    expect(res.status).toBe(400);
    expect(((await res.json()) as Detail).detail).toEqual({
      status: 'password_required',
      message: 'Confirm with your password.',
    });
    expect(await listSms(app.database.db, 10, phone)).toHaveLength(before.length);
    expect(await factor(jar)).not.toBeNull();
  });

  it('answers 400 when no phone is enrolled', async () => {
    const { jar } = await socialSignIn(app, 'github', { email: newEmail() });
    const res = await post('/v1/user/update-mfa-factors', { sms: null }, jar);
    expect(res.status).toBe(400);
    expect(((await res.json()) as Detail).detail.status).toBe('SMS_MFA_NOT_ENROLLED');
  });
});
