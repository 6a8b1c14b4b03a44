import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/auth';
import { listMail } from '../../mail/mail.repo';
import { Jar } from '../../testing/cookie-jar';
import { socialSignIn, startAppWithStandIn } from '../../testing/social-sign-in';
import { createTestUser, type TestApp } from '../../testing/test-app';

type Detail = { detail: { status: string; message: string } };

const WEAK = {
  status: 'PASSWORD_TOO_WEAK',
  message:
    "Your password doesn't meet our security requirements: Your password must contain a special character.",
};

let seq = 0;
const newEmail = () => `pw-${++seq}-${Date.now()}@example.com`;

describe(`changing and setting the password on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await startAppWithStandIn());
  });
  afterAll(async () => {
    await close?.();
  });

  const post = async (path: string, body: unknown, cookie: string | Jar) => {
    const res = await app.request(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: app.config.publicUrl,
        cookie: cookie.toString(),
      },
      body: JSON.stringify(body),
    });
    if (cookie instanceof Jar) cookie.take(res);
    return res;
  };
  const signIn = (email: string, password: string) =>
    app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify({ email, password }),
    });
  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  const meStatus = async (cookie: string) => (await app.request('/v1/user', { headers: { cookie } })).status;
  const userIdOf = async (jar: Jar) =>
    (
      (await (
        await app.request('/api/auth/get-session', { headers: { cookie: jar.toString() } })
      ).json()) as {
        user: { id: string };
      }
    ).user.id;
  const confirmMails = async (email: string) =>
    (await listMail(app.database.db, 100)).filter(
      (m) => m.to === email && m.subject === 'Confirm it is you on Vocalis',
    ).length;

  describe('POST /api/auth/change-password', () => {
    it('changes the password with the right current one: the new one signs in, the old one no longer does', async () => {
      const user = await createTestUser(app, { email: newEmail() });
      const res = await post(
        '/api/auth/change-password',
        { currentPassword: user.password, newPassword: 'N3w-password!' },
        user.cookie,
      );
      expect(res.status).toBe(200);
      expect((await signIn(user.email, 'N3w-password!')).status).toBe(200);
      expect((await signIn(user.email, user.password)).status).toBe(401);
      // Without revokeOtherSessions the session that changed it stays signed in.
      expect(await meStatus(user.cookie)).toBe(200);
    });

    it('refuses a wrong current password with a 400 that says so, and keeps the old password', async () => {
      const user = await createTestUser(app, { email: newEmail() });
      const res = await post(
        '/api/auth/change-password',
        { currentPassword: 'not-my-password-1!', newPassword: 'N3w-password!' },
        user.cookie,
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        detail: { status: 'INVALID_PASSWORD', message: 'Your current password is incorrect.' },
      });
      expect((await signIn(user.email, user.password)).status).toBe(200);
    });

    it('refuses a new password that breaks the rules with the spec message, and keeps the old password', async () => {
      const user = await createTestUser(app, { email: newEmail() });
      const res = await post(
        '/api/auth/change-password',
        { currentPassword: user.password, newPassword: 'abcdefg1' },
        user.cookie,
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ detail: WEAK });
      expect((await signIn(user.email, 'abcdefg1')).status).toBe(401);
      expect((await signIn(user.email, user.password)).status).toBe(200);
    });

    it('signs out other devices when asked; the device that changed it gets a new session', async () => {
      const user = await createTestUser(app, { email: newEmail() });
      const other = cookieOf(await signIn(user.email, user.password));
      expect(await meStatus(other)).toBe(200);

      const res = await post(
        '/api/auth/change-password',
        { currentPassword: user.password, newPassword: 'N3w-password!', revokeOtherSessions: true },
        user.cookie,
      );
      expect(res.status).toBe(200);
      expect(await meStatus(other)).toBe(401);
      expect(await meStatus(user.cookie)).toBe(401); // its old session is replaced...
      expect(await meStatus(cookieOf(res))).toBe(200); // ...by the one this answer set
    });

    it('keeps other devices signed in when not asked to sign them out', async () => {
      const user = await createTestUser(app, { email: newEmail() });
      const other = cookieOf(await signIn(user.email, user.password));
      const res = await post(
        '/api/auth/change-password',
        { currentPassword: user.password, newPassword: 'N3w-password!', revokeOtherSessions: false },
        user.cookie,
      );
      expect(res.status).toBe(200);
      expect(await meStatus(other)).toBe(200);
    });
  });

  describe('POST /v1/user/set-password', () => {
    it('gives a social-only account a password with a fresh session; then email and password sign in', async () => {
      const email = newEmail();
      const { jar } = await socialSignIn(app, 'google', { email, name: 'Ann Lee' });
      expect((await signIn(email, 'Str0ng-pass!')).status).toBe(401);

      const res = await post('/v1/user/set-password', { new_password: 'Str0ng-pass!' }, jar);
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await res.json()).toEqual({
        status: 'ok',
        message: 'Your password is set. You can now also sign in with your email and password.',
      });
      expect((await signIn(email, 'Str0ng-pass!')).status).toBe(200);
      expect(await meStatus(jar.toString())).toBe(200); // still signed in with the provider's session

      // Once set, it is changed with the current password, not set again.
      const again = await post('/v1/user/set-password', { new_password: 'Other-pass-2!' }, jar);
      expect(again.status).toBe(400);
      expect(((await again.json()) as Detail).detail).toEqual({
        status: 'password_already_set',
        message: 'Your account already has a password. Change it instead.',
      });
    });

    it('asks a session signed in long ago to confirm by email first, and sets nothing', async () => {
      const email = newEmail();
      const { jar } = await socialSignIn(app, 'google', { email });
      await app.database.db
        .update(sessions)
        .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
        .where(eq(sessions.userId, await userIdOf(jar)));

      const res = await post('/v1/user/set-password', { new_password: 'Str0ng-pass!' }, jar);
      expect(res.status).toBe(403);
      expect(((await res.json()) as Detail).detail.status).toBe('email_access_verification_required');
      expect(await confirmMails(email)).toBe(1);
      expect((await signIn(email, 'Str0ng-pass!')).status).toBe(401);
    });

    it('refuses a weak password with the spec message before asking for any confirmation', async () => {
      const email = newEmail();
      const { jar } = await socialSignIn(app, 'google', { email });
      await app.database.db
        .update(sessions)
        .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
        .where(eq(sessions.userId, await userIdOf(jar)));

      const res = await post('/v1/user/set-password', { new_password: 'abcdefg1' }, jar);
      expect(res.status).toBe(400);
      expect(((await res.json()) as Detail).detail).toEqual({ ...WEAK, status: 'password_too_weak' });
      expect(await confirmMails(email)).toBe(0);
    });

    it('refuses an account that already has a password, and a caller without a session', async () => {
      const user = await createTestUser(app, { email: newEmail() });
      const res = await post('/v1/user/set-password', { new_password: 'Str0ng-pass!' }, user.cookie);
      expect(res.status).toBe(400);
      expect(((await res.json()) as Detail).detail.status).toBe('password_already_set');
      expect((await signIn(user.email, user.password)).status).toBe(200);

      const anonymous = await post('/v1/user/set-password', { new_password: 'Str0ng-pass!' }, '');
      expect(anonymous.status).toBe(401);
    });
  });
});
