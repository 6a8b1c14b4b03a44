import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountCodes } from '../../db/schema/account-codes';
import { sessions, users } from '../../db/schema/auth';
import { firstLink, mailSubject, startSmtpSink } from '../../testing/smtp-sink';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';
import { hashCode } from './email-change.service';
import { signInternalCode } from './internal-code';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;
const INVALID = {
  detail: {
    status: 'invalid_verification_code',
    message: 'The verification code is invalid, has expired or was already used.',
  },
};

describe(`internal verification and email-access codes on ${process.env.TEST_DB}`, () => {
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

  const call = (cookie: string | null, method: string, path: string, body?: unknown) =>
    app.request(path, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        origin: app.config.publicUrl,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  const mailTo = (email: string, subject: string, nth = 1) =>
    waitFor(() => {
      const found = sink.received.filter(
        (m) => m.to.includes(email) && mailSubject(m.raw).startsWith(subject),
      );
      return found.length >= nth ? found[nth - 1] : undefined;
    });
  const attach = (email: string, code: string) =>
    call(null, 'POST', '/v1/user/attach-internal-code', { email, internal_code: code });
  const prepare = (user: TestUser | null, email: string, code: string) =>
    call(user?.cookie ?? null, 'POST', '/v1/user/prepare-internal-verification', {
      email,
      verification_code: code,
    });
  const stored = async (id: string) =>
    (await app.database.db.select().from(users).where(eq(users.id, id)))[0];
  const signIn = async (email: string, password: string) => {
    const res = await call(null, 'POST', '/api/auth/sign-in/email', { email, password });
    return {
      res,
      cookie: res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    };
  };
  /** Makes every session of the user look signed in an hour ago. */
  const ageSessions = (userId: string) =>
    app.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(sessions.userId, userId));
  const clientCode = () => `client-code-${++n}-${Date.now()}-0123456789`;

  describe('internal verification codes', () => {
    it('mails an internal code with the verification link; attaching it verifies the address once, and sign-in then works', async () => {
      const email = `signup${++n}-${Date.now()}@example.com`;
      const password = 'correct-horse-9!';
      const signUp = await call(null, 'POST', '/api/auth/sign-up/email', { email, password, name: 'Ann' });
      expect(signUp.status).toBe(200);
      const link = new URL(firstLink((await mailTo(email, 'Verify your email')).raw));
      expect(link.pathname).toBe('/action');
      expect(link.searchParams.get('mode')).toBe('verifyEmail');
      const internalCode = link.searchParams.get('internalCode')!;
      expect(internalCode).toMatch(/^[\w-]{22}\.[0-9a-z]+\.[\w-]{43}$/);

      // Not verified yet: sign-in is refused.
      expect((await signIn(email, password)).res.status).toBe(403);
      const [user] = await app.database.db.select().from(users).where(eq(users.email, email));
      expect(user!.emailVerified).toBe(false);

      // Attached with a differently written address: verified.
      const res = await attach(email.toUpperCase(), internalCode);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        status: 'ok',
        message: 'Your email address was successfully verified.',
      });
      expect((await stored(user!.id))!.emailVerified).toBe(true);
      expect((await signIn(email, password)).res.status).toBe(200);

      // Single use; only its hash is recorded.
      const again = await attach(email, internalCode);
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual(INVALID);
      const rows = await app.database.db.select().from(accountCodes).where(eq(accountCodes.userId, user!.id));
      expect(rows.map((r) => [r.kind, r.codeHash, r.usedAt !== null])).toEqual([
        ['internal_verification', hashCode(internalCode), true],
      ]);
    });

    it('refuses a wrong code, an expired one, another address\u2019s code and an unknown address alike', async () => {
      const alice = await createTestUser(app);
      const bob = await createTestUser(app);
      const secret = app.config.authSecret;
      expect(await (await attach(alice.email, 'not-a-code')).json()).toEqual(INVALID);
      const expired = signInternalCode(secret, alice.email, new Date(Date.now() - 25 * 60 * 60 * 1000));
      expect((await attach(alice.email, expired)).status).toBe(400);
      const bobs = signInternalCode(secret, bob.email);
      const other = await attach(alice.email, bobs);
      expect(other.status).toBe(400);
      expect(await other.json()).toEqual(INVALID);
      const unknown = await attach(
        'nobody-here@example.com',
        signInternalCode(secret, 'nobody-here@example.com'),
      );
      expect(unknown.status).toBe(400);
      expect(await unknown.json()).toEqual(INVALID);
      // Signed with another secret.
      expect((await attach(alice.email, signInternalCode('some-other-secret', alice.email))).status).toBe(
        400,
      );
      // Bob's code still works for Bob: the refusals did not spend it.
      expect((await attach(bob.email, bobs)).status).toBe(200);
      expect((await call(null, 'POST', '/v1/user/attach-internal-code', { email: 'x' })).status).toBe(422);
    });

    it('stops guessing: after ten attempts for an address, even the right code waits', async () => {
      const user = await createTestUser(app);
      await app.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
      for (let i = 0; i < 10; i++) expect((await attach(user.email, `guess-${i}-abcdefgh`)).status).toBe(400);
      const right = signInternalCode(app.config.authSecret, user.email);
      const res = await attach(user.email, right);
      expect(res.status).toBe(429);
      expect(await res.json()).toEqual({
        detail: {
          status: 'too_many_attempts',
          message: 'Too many attempts, please try again in a few minutes.',
        },
      });
      expect((await stored(user.id))!.emailVerified).toBe(false);
    });

    it('registers a client-made code for the caller\u2019s own address only; attaching spends it', async () => {
      const alice = await createTestUser(app);
      const bob = await createTestUser(app);
      await app.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, alice.id));
      const code = clientCode();

      const res = await prepare(alice, alice.email, code);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        status: 'ok',
        message: 'The verification code is ready to be used.',
      });
      const [row] = await app.database.db
        .select()
        .from(accountCodes)
        .where(eq(accountCodes.codeHash, hashCode(code)));
      expect(row).toMatchObject({ kind: 'internal_verification', userId: alice.id, usedAt: null });
      expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 60 * 60 * 1000);
      expect(JSON.stringify(row)).not.toContain(code);

      // Another account's address cannot attach it.
      expect(await (await attach(bob.email, code)).json()).toEqual(INVALID);
      expect((await attach(alice.email, code)).status).toBe(200);
      expect((await stored(alice.id))!.emailVerified).toBe(true);
      expect((await attach(alice.email, code)).status).toBe(400);
      // The same code cannot be registered twice.
      const reused = await prepare(alice, alice.email, code);
      expect(reused.status).toBe(409);
      expect((await reused.json()).detail.status).toBe('code_in_use');
    });

    it('refuses to prepare for another address, without a session or with a short code; an expired prepared code fails', async () => {
      const alice = await createTestUser(app);
      const bob = await createTestUser(app);
      const mismatch = await prepare(alice, bob.email, clientCode());
      expect(mismatch.status).toBe(403);
      expect(await mismatch.json()).toEqual({
        detail: {
          status: 'email_mismatch',
          message: 'You can only prepare a verification for your own email address.',
        },
      });
      expect((await prepare(null, alice.email, clientCode())).status).toBe(401);
      expect((await prepare(alice, alice.email, 'short')).status).toBe(422);

      const code = clientCode();
      expect((await prepare(alice, alice.email.toUpperCase(), code)).status).toBe(200);
      await app.database.db
        .update(accountCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountCodes.codeHash, hashCode(code)));
      expect(await (await attach(alice.email, code)).json()).toEqual(INVALID);
    });
  });

  describe('sensitive actions and email-access verification', () => {
    const codeFromMail = async (email: string, nth = 1) => {
      const url = new URL(firstLink((await mailTo(email, 'Confirm it is you', nth)).raw));
      expect(url.pathname).toBe('/app/settings');
      return url.searchParams.get('sensitiveActionVerificationCode')!;
    };
    const verify = (cookie: string | null, code: string) =>
      call(cookie, 'POST', '/v1/user/verify-sensitive-action-code', { code });

    it('lets a fresh session delete the account; an old one gets 403, a mail, and after verifying the code may delete', async () => {
      const fresh = await createTestUser(app);
      expect((await call(fresh.cookie, 'DELETE', '/v1/user/delete')).status).toBe(200);

      const user = await createTestUser(app);
      await ageSessions(user.id);
      const refused = await call(user.cookie, 'DELETE', '/v1/user/delete');
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({
        detail: {
          status: 'email_access_verification_required',
          message:
            'For your security, please confirm this action: we have sent you an email with a link. Open it, then try again.',
        },
      });
      expect(await stored(user.id)).toBeDefined();
      const code = await codeFromMail(user.email);

      const ok = await verify(user.cookie, code);
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({
        status: 'ok',
        message: 'Email access verified. Please try the action again.',
      });
      expect(await (await verify(user.cookie, code)).json()).toEqual(INVALID);

      expect((await call(user.cookie, 'DELETE', '/v1/user/delete')).status).toBe(200);
      expect(await stored(user.id)).toBeUndefined();
    });

    it('guards the email-change request the same way; the grant is for the verifying session and lasts ten minutes', async () => {
      const user = await createTestUser(app);
      const second = await signIn(user.email, user.password);
      await ageSessions(user.id);
      const request = (cookie: string) =>
        call(cookie, 'POST', '/v1/user/send-email-change-verification', {
          new_email: `moved${++n}-${Date.now()}@example.com`,
        });
      const refused = await request(user.cookie);
      expect(refused.status).toBe(403);
      expect((await refused.json()).detail.status).toBe('email_access_verification_required');
      const code = await codeFromMail(user.email);

      // Verified in the second session: that session may act, the first still may not.
      expect((await verify(second.cookie, code)).status).toBe(200);
      expect((await request(second.cookie)).status).toBe(200);
      const first = await request(user.cookie);
      expect(first.status).toBe(403);

      // Ten minutes later the grant is over.
      await app.database.db
        .update(accountCodes)
        .set({ usedAt: new Date(Date.now() - 10 * 60 * 1000 - 1000) })
        .where(and(eq(accountCodes.userId, user.id), eq(accountCodes.codeHash, hashCode(code))));
      expect((await request(second.cookie)).status).toBe(403);
    });

    it('refuses a wrong, expired or other user\u2019s code, API keys and callers without a session', async () => {
      const alice = await createTestUser(app);
      const bob = await createTestUser(app);
      await ageSessions(alice.id);
      expect((await call(alice.cookie, 'DELETE', '/v1/user/delete')).status).toBe(403);
      const code = await codeFromMail(alice.email);

      expect(await (await verify(alice.cookie, 'wrong-code')).json()).toEqual(INVALID);
      expect(await (await verify(bob.cookie, code)).json()).toEqual(INVALID);
      expect((await verify(null, code)).status).toBe(401);
      const byKey = await app.request('/v1/user/verify-sensitive-action-code', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'xi-api-key': alice.apiKey },
        body: JSON.stringify({ code }),
      });
      expect(byKey.status).toBe(403);
      expect((await byKey.json()).detail.status).toBe('session_required');
      expect((await call(alice.cookie, 'POST', '/v1/user/verify-sensitive-action-code', {})).status).toBe(
        422,
      );

      await app.database.db
        .update(accountCodes)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountCodes.codeHash, hashCode(code)));
      expect(await (await verify(alice.cookie, code)).json()).toEqual(INVALID);
      expect((await call(alice.cookie, 'DELETE', '/v1/user/delete')).status).toBe(403);
    });

    it('mails at most three codes an hour; later refusals point to the mail already sent', async () => {
      const user = await createTestUser(app);
      await ageSessions(user.id);
      for (let i = 0; i < 3; i++)
        expect((await call(user.cookie, 'DELETE', '/v1/user/delete')).status).toBe(403);
      await mailTo(user.email, 'Confirm it is you', 3);
      const fourth = await call(user.cookie, 'DELETE', '/v1/user/delete');
      expect(fourth.status).toBe(403);
      expect((await fourth.json()).detail.message).toBe(
        'For your security, please confirm this action with the link we recently sent you by email, then try again.',
      );
      const codes = await app.database.db
        .select()
        .from(accountCodes)
        .where(and(eq(accountCodes.userId, user.id), eq(accountCodes.kind, 'sensitive_action')));
      expect(codes).toHaveLength(3);
    });
  });
});
