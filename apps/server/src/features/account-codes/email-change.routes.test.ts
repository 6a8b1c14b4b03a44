import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCodes } from '../../db/schema/account-codes';
import { users } from '../../db/schema/auth';
import { firstLink, startSmtpSink } from '../../testing/smtp-sink';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';
import { hashCode } from './email-change.service';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

describe(`email change and revert on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let sink: Sink;
  let n = 0;
  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startTestApp({ env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: sink.url } });
  });
  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });

  const newEmail = () => `changed${++n}-${Date.now()}@example.com`;
  const call = (user: TestUser | null, method: string, path: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(user ? { cookie: user.cookie } : {}),
        origin: app.config.publicUrl,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  const requestChange = (user: TestUser, to: string) =>
    call(user, 'POST', '/v1/user/send-email-change-verification', { new_email: to });
  const put = (user: TestUser | null, code: string, reverting?: boolean) =>
    call(
      user,
      'PUT',
      `/v1/user/email?verification_code=${encodeURIComponent(code)}${reverting ? '&is_reverting=true' : ''}`,
    );
  const mailTo = (email: string, subject: string) =>
    waitFor(() => sink.received.find((m) => m.to.includes(email) && m.raw.includes(subject)));
  const codeFrom = (raw: string) => {
    const url = new URL(firstLink(raw));
    return {
      url,
      code: url.searchParams.get('emailChangeCode')!,
      reverting: url.searchParams.get('isReverting'),
    };
  };
  const storedEmail = async (id: string) =>
    (await app.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('mails the new address a link whose code changes the email once, then mails the old address a revert link', async () => {
    const user = await createTestUser(app);
    const target = newEmail();
    const sent = await requestChange(user, target);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({
      status: 'ok',
      message: `We have sent an email to ${target} with a link to confirm the change.`,
    });
    // Nothing changes until the link is used.
    expect((await storedEmail(user.id)).email).toBe(user.email);

    const { url, code, reverting } = codeFrom((await mailTo(target, 'Confirm your new email')).raw);
    expect(url.pathname).toBe('/app/settings');
    expect(reverting).toBeNull();
    // Only the hash is stored.
    const rows = await app.database.db.select().from(accountCodes).where(eq(accountCodes.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toBe(hashCode(code));
    expect(JSON.stringify(rows)).not.toContain(code);

    const res = await put(user, code);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      email: target,
      message: 'Email updated! Please refresh this page to reauthenticate.',
    });
    const row = await storedEmail(user.id);
    expect(row.email).toBe(target);
    expect(row.emailVerified).toBe(true);
    const me = await call(user, 'GET', '/v1/user');
    expect((await me.json()).email).toBe(target);

    // Single use.
    const again = await put(user, code);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      detail: {
        status: 'invalid_verification_code',
        message: 'The verification code is invalid, has expired or was already used.',
      },
    });

    // Sign-in works with the new address and not with the old one.
    const signIn = (email: string) =>
      call(null, 'POST', '/api/auth/sign-in/email', { email, password: user.password });
    expect((await signIn(target)).status).toBe(200);
    expect((await signIn(user.email)).status).not.toBe(200);

    // The old address gets a revert link; a change code cannot be used as a revert code and vice versa.
    const revertMail = await mailTo(user.email, 'Your Vocalis email was changed');
    expect(revertMail.raw).toContain(target);
    const revert = codeFrom(revertMail.raw);
    expect(revert.reverting).toBe('true');
    expect((await put(user, revert.code, false)).status).toBe(400);
    const reverted = await put(user, revert.code, true);
    expect(reverted.status).toBe(200);
    expect((await reverted.json()).email).toBe(user.email);
    expect((await storedEmail(user.id)).email).toBe(user.email);
    expect((await put(user, revert.code, true)).status).toBe(400);
    // Reverting does not mail another revert link.
    expect(
      sink.received.filter((m) => m.to.includes(user.email) && m.raw.includes('email was changed')),
    ).toHaveLength(1);
  });

  it('rejects a wrong code, an expired code and another user\u2019s code', async () => {
    const alice = await createTestUser(app);
    const bob = await createTestUser(app);
    expect((await put(alice, 'not-a-real-code')).status).toBe(400);

    const target = newEmail();
    expect((await requestChange(alice, target)).status).toBe(200);
    const { code } = codeFrom((await mailTo(target, 'Confirm your new email')).raw);
    expect((await put(bob, code)).status).toBe(400);
    expect((await storedEmail(bob.id)).email).toBe(bob.email);

    await app.database.db
      .update(accountCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountCodes.codeHash, hashCode(code)));
    const expired = await put(alice, code);
    expect(expired.status).toBe(400);
    expect((await expired.json()).detail.status).toBe('invalid_verification_code');
    expect((await storedEmail(alice.id)).email).toBe(alice.email);
  });

  it('refuses an address already in use (when asked and when the link is used), the same address, bad input and no session', async () => {
    const alice = await createTestUser(app);
    const bob = await createTestUser(app);
    const taken = await requestChange(alice, bob.email);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({
      detail: { status: 'email_taken', message: 'An account with this email address already exists.' },
    });
    const same = await requestChange(alice, alice.email);
    expect(same.status).toBe(400);
    expect((await same.json()).detail.message).toBe('This is already your email address.');
    expect((await requestChange(alice, 'not-an-email')).status).toBe(422);
    expect(
      (await call(null, 'POST', '/v1/user/send-email-change-verification', { new_email: newEmail() })).status,
    ).toBe(401);
    expect((await put(null, 'x')).status).toBe(401);
    expect((await call(alice, 'PUT', '/v1/user/email')).status).toBe(422);

    // The address gets taken between the mail and the click: the code is refused, nothing changes.
    const target = newEmail();
    expect((await requestChange(alice, target)).status).toBe(200);
    const { code } = codeFrom((await mailTo(target, 'Confirm your new email')).raw);
    await createTestUser(app, { email: target });
    const late = await put(alice, code);
    expect(late.status).toBe(409);
    expect((await storedEmail(alice.id)).email).toBe(alice.email);
    // The transaction rolled back: the code is still unused.
    const [row] = await app.database.db
      .select()
      .from(accountCodes)
      .where(eq(accountCodes.codeHash, hashCode(code)));
    expect(row!.usedAt).toBeNull();
  });

  it('lets only one of two accounts take the same new address when both confirm at once; the other gets 409', async () => {
    const [a, b] = [await createTestUser(app), await createTestUser(app)];
    const target = newEmail();
    expect((await requestChange(a, target)).status).toBe(200);
    expect((await requestChange(b, target)).status).toBe(200);
    const mails = await waitFor(() => {
      const found = sink.received.filter(
        (m) => m.to.includes(target) && m.raw.includes('Confirm your new email'),
      );
      return found.length === 2 ? found : undefined;
    });
    const codes = await Promise.all(
      mails.map(async (m) => {
        const { code } = codeFrom(m.raw);
        const [row] = await app.database.db
          .select()
          .from(accountCodes)
          .where(eq(accountCodes.codeHash, hashCode(code)));
        return { code, user: row!.userId === a.id ? a : b };
      }),
    );
    const answers = await Promise.all(codes.map((c) => put(c.user, c.code)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = codes[answers.findIndex((r) => r.status === 409)]!;
    expect(await answers.find((r) => r.status === 409)!.json()).toEqual({
      detail: { status: 'email_taken', message: 'An account with this email address already exists.' },
    });
    // The loser keeps their address and their code stays unused.
    expect((await storedEmail(loser.user.id)).email).toBe(loser.user.email);
    const [row] = await app.database.db
      .select()
      .from(accountCodes)
      .where(eq(accountCodes.codeHash, hashCode(loser.code)));
    expect(row!.usedAt).toBeNull();
  });
});
