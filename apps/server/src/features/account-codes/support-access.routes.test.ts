import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCodes } from '../../db/schema/account-codes';
import { userProfiles } from '../../db/schema/user-profiles';
import { firstLink, startSmtpSink } from '../../testing/smtp-sink';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';
import { hashCode } from './email-change.service';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

describe(`support-access grants on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let sink: Sink;
  let staff: TestUser;
  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startTestApp({ env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: sink.url } });
    staff = await createTestUser(app);
    await app.database.db
      .update(userProfiles)
      .set({ isInternal: true })
      .where(eq(userProfiles.userId, staff.id));
  });
  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });

  const post = (user: TestUser | null, path: string, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: app.config.publicUrl,
        ...(user ? { cookie: user.cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  const ask = (who: TestUser, email: string) => post(who, '/v1/support/sign-in-requests', { email });
  const verify = (who: TestUser | null, code: string) =>
    post(who, '/v1/user/sign-in-requests/verify', { sign_in_request_verification_code: code });
  const codeFor = async (email: string) => {
    const mail = await waitFor(() =>
      sink.received.find((m) => m.to.includes(email) && m.raw.includes('asks for access')),
    );
    const url = new URL(firstLink(mail.raw));
    return { url, code: url.searchParams.get('oobCode')! };
  };

  it('mails the user an action link (mode verifySignInRequest) whose code grants access once', async () => {
    const user = await createTestUser(app);
    const res = await ask(staff, user.email);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      message: `We have asked ${user.email} to grant support access.`,
    });
    const { url, code } = await codeFor(user.email);
    expect(url.pathname).toBe('/action');
    expect(url.searchParams.get('mode')).toBe('verifySignInRequest');
    const [row] = await app.database.db.select().from(accountCodes).where(eq(accountCodes.userId, user.id));
    expect(row!.codeHash).toBe(hashCode(code));
    expect(row!.usedAt).toBeNull();

    // Needs the user's own session.
    expect((await verify(null, code)).status).toBe(401);
    expect((await verify(staff, code)).status).toBe(400);

    const granted = await verify(user, code);
    expect(granted.status).toBe(200);
    expect(await granted.json()).toEqual({
      status: 'ok',
      message: 'Thank you for granting us access to your account!',
    });
    const [used] = await app.database.db.select().from(accountCodes).where(eq(accountCodes.userId, user.id));
    expect(used!.usedAt).not.toBeNull();
    expect(used!.payload).toBe(staff.id);

    const again = await verify(user, code);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      detail: {
        status: 'invalid_sign_in_request',
        message: 'This support-access request is invalid, has expired or was already answered.',
      },
    });
  });

  it('refuses wrong and expired codes, non-staff askers, unknown users and bad input', async () => {
    const user = await createTestUser(app);
    expect((await verify(user, 'wrong-code')).status).toBe(400);
    expect((await ask(staff, user.email)).status).toBe(200);
    const { code } = await codeFor(user.email);
    await app.database.db
      .update(accountCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountCodes.codeHash, hashCode(code)));
    expect((await verify(user, code)).status).toBe(400);

    const notStaff = await ask(user, staff.email);
    expect(notStaff.status).toBe(403);
    expect((await notStaff.json()).detail.message).toBe('Only staff accounts can request support access.');
    expect((await ask(staff, 'nobody-here@example.com')).status).toBe(404);
    expect((await post(user, '/v1/user/sign-in-requests/verify', {})).status).toBe(422);
  });
});
