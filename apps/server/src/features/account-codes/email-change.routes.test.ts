import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCodes } from '../../db/schema/account-codes';
import { sessions, users } from '../../db/schema/auth';
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
      // The revert link uses the shell's parameters (newUser=false&internalCode&isReverting=true).
      code: (url.searchParams.get('emailChangeCode') ?? url.searchParams.get('internalCode'))!,
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
    expect(revert.url.pathname).toBe('/app/home');
    expect(revert.url.searchParams.get('newUser')).toBe('false');
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
  it('ends the user\u2019s other sessions when the email changes and when it is reverted; the session that acted stays', async () => {
    const user = await createTestUser(app);
    const signInCookie = async (email: string) => {
      const res = await call(null, 'POST', '/api/auth/sign-in/email', { email, password: user.password });
      expect(res.status).toBe(200);
      return {
        ...user,
        cookie: res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      };
    };
    const other = await signInCookie(user.email);
    const sessionCount = async () =>
      (await app.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).length;
    expect(await sessionCount()).toBe(2);
    expect((await call(other, 'GET', '/v1/user')).status).toBe(200);

    const target = newEmail();
    expect((await requestChange(user, target)).status).toBe(200);
    const { code } = codeFrom((await mailTo(target, 'Confirm your new email')).raw);
    expect((await put(user, code)).status).toBe(200);
    expect((await call(other, 'GET', '/v1/user')).status).toBe(401);
    expect((await call(user, 'GET', '/v1/user')).status).toBe(200);
    expect(await sessionCount()).toBe(1);

    // Someone signed in under the new address; the revert from the old address ends that session too.
    const intruder = await signInCookie(target);
    const revert = codeFrom((await mailTo(user.email, 'Your Vocalis email was changed')).raw);
    expect((await put(user, revert.code, true)).status).toBe(200);
    expect((await call(intruder, 'GET', '/v1/user')).status).toBe(401);
    expect((await call(user, 'GET', '/v1/user')).status).toBe(200);
    expect(await sessionCount()).toBe(1);
  });

  // PGlite runs one transaction at a time, so the check-then-write gap cannot be hit there; the test above
  // covers the outcome on both. Here a second connection holds the address uncommitted while the
  // confirmation runs: its check sees the address free and its write waits on the unique index, then
  // fails with 23505 once the holder commits. Without the 23505 → 409 mapping this answers 500.
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'answers 409 email_taken when the address is committed by someone else while the confirmation waits on it',
    async () => {
      const [holder, user] = [await createTestUser(app), await createTestUser(app)];
      const target = newEmail();
      expect((await requestChange(user, target)).status).toBe(200);
      const { code } = codeFrom((await mailTo(target, 'Confirm your new email')).raw);
      const waitingOnLock = async () => {
        const result = (await app.database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update "users"%'`,
        )) as unknown as { rows: { n: number }[] };
        return result.rows[0]!.n > 0;
      };
      let answer: Promise<Response> | undefined;
      await app.database.db.transaction(async (tx) => {
        await tx.update(users).set({ email: target }).where(eq(users.id, holder.id));
        answer = put(user, code);
        await waitFor(waitingOnLock, 10_000, 20);
      });
      const res = await answer!;
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        detail: { status: 'email_taken', message: 'An account with this email address already exists.' },
      });
      expect((await storedEmail(user.id)).email).toBe(user.email);
      const [row] = await app.database.db
        .select()
        .from(accountCodes)
        .where(eq(accountCodes.codeHash, hashCode(code)));
      expect(row!.usedAt).toBeNull();
    },
  );
});
