import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema/auth';
import { mailMessages } from '../db/schema/mail';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../testing/test-app';
import { MailLimitError } from './mail-limits';

const MESSAGE = 'Too many requests, please try again in a few minutes.';
const AUTH_LIMITED = { detail: { status: 'TOO_MANY_REQUESTS', message: MESSAGE } };
const V1_LIMITED = { detail: { status: 'too_many_requests', message: MESSAGE } };

/** One limit for every path that sends mail (decision 030): 5 per address and 30 per IP an hour by default. */
describe(`one mail limit per address and per IP on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let n = 0;
  let ipSeq = 0;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => app?.close());

  const freshIp = () => `10.88.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const address = () => `limits${++n}-${Date.now()}@example.com`;
  const post = (path: string, body: unknown, ip = freshIp(), user?: TestUser) =>
    app.request(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: app.config.publicUrl,
        'x-forwarded-for': ip,
        ...(user ? { cookie: user.cookie } : {}),
      },
      body: JSON.stringify(body),
    });
  const mailsTo = async (to: string, subject = '') =>
    (
      await app.database.db
        .select()
        .from(mailMessages)
        .where(and(eq(mailMessages.to, to), like(mailMessages.subject, `%${subject}%`)))
    ).length;
  const statusesOf = (responses: Response[]) => responses.map((r) => r.status).sort();

  it('POST /api/auth/request-password-reset: ten at once for one address send four resets after the sign-up mail, six get 429', async () => {
    const user = await createTestUser(app);
    expect(await mailsTo(user.email)).toBe(1); // the sign-up verification mail
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/auth/request-password-reset', { email: user.email })),
    );
    expect(statusesOf(responses)).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
    const refused = responses.find((r) => r.status === 429)!;
    expect(await refused.json()).toEqual(AUTH_LIMITED);
    expect(await mailsTo(user.email, 'Reset your password')).toBe(4);
    expect(await mailsTo(user.email)).toBe(5);
  });

  it('answers an address without an account the same way, so the limit tells nobody which addresses exist', async () => {
    const email = address();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/auth/request-password-reset', { email })),
    );
    expect(statusesOf(responses)).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    expect(await mailsTo(email)).toBe(0);
  });

  it('POST /api/auth/send-verification-email shares the budget with the sign-up mail', async () => {
    const email = address();
    expect(
      (await post('/api/auth/sign-up/email', { email, password: 'Str0ng-pass!', name: 'Ada' })).status,
    ).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/auth/send-verification-email', { email })),
    );
    expect(statusesOf(responses)).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429]);
    expect(await mailsTo(email, 'Verify your email')).toBe(5);
  });

  it('the /v1 mail requests and /api/auth count against the same budget and answer in the /v1 error shape', async () => {
    const user = await createTestUser(app); // its sign-up mail is the first of five
    for (let i = 0; i < 2; i++)
      expect((await post('/api/auth/request-password-reset', { email: user.email })).status).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await post('/v1/user/send-password-reset-email', { email: user.email })).status).toBe(200);
    const refused = await post('/v1/user/send-password-reset-email', { email: user.email });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual(V1_LIMITED);
    expect((await post('/api/auth/request-password-reset', { email: user.email })).status).toBe(429);
    expect(await mailsTo(user.email, 'Reset your password')).toBe(4);
  });

  it('one IP gets thirty mails an hour across addresses; sign-up from it is refused before any account is made', async () => {
    const ip = freshIp();
    const responses = await Promise.all(
      Array.from({ length: 35 }, () => post('/api/auth/request-password-reset', { email: address() }, ip)),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(30);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(5);

    const email = address();
    const signUp = await post(
      '/api/auth/sign-up/email',
      { email, password: 'Str0ng-pass!', name: 'Ada' },
      ip,
    );
    expect(signUp.status).toBe(429);
    expect(await signUp.json()).toEqual(AUTH_LIMITED);
    expect(await app.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await mailsTo(email)).toBe(0);
    // Another IP is not affected.
    expect((await post('/api/auth/request-password-reset', { email: address() })).status).toBe(200);
  });

  it('mail sent by signed-in actions passes the same limit: an email change to an address whose budget is spent is refused', async () => {
    const target = address();
    for (let i = 0; i < 5; i++)
      expect((await post('/api/auth/request-password-reset', { email: target })).status).toBe(200);
    const user = await createTestUser(app);
    const res = await post('/v1/user/send-email-change-verification', { new_email: target }, freshIp(), user);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual(V1_LIMITED);
    expect(await mailsTo(target)).toBe(0);
  });

  it('outside a request (operator tools, jobs) the per-address limit still holds', async () => {
    const to = address();
    for (let i = 0; i < 5; i++) await app.mailer.send({ to, subject: 'Hello', text: 'x' });
    await expect(app.mailer.send({ to, subject: 'Hello', text: 'x' })).rejects.toBeInstanceOf(MailLimitError);
    expect(await mailsTo(to)).toBe(5);
  });

  it('a sensitive-action code reaches its signed-in owner even when the address budget is spent', async () => {
    const user = await createTestUser(app);
    let refused = false;
    for (let i = 0; i < 6 && !refused; i++)
      refused = (await post('/api/auth/request-password-reset', { email: user.email })).status === 429;
    expect(refused).toBe(true);
    // A session signed in an hour ago must confirm by email before deleting the account.
    await app.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 60 * 60 * 1000) })
      .where(eq(sessions.userId, user.id));
    const res = await app.request('/v1/user/delete', {
      method: 'DELETE',
      headers: { cookie: user.cookie, origin: app.config.publicUrl, 'x-forwarded-for': freshIp() },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { detail: { status: string } }).detail.status).toBe(
      'email_access_verification_required',
    );
    expect(await mailsTo(user.email, 'Confirm it is you')).toBe(1);
  });

  it('the revert link of an email change reaches the old address even when its budget is spent', async () => {
    const user = await createTestUser(app);
    let refused = false;
    for (let i = 0; i < 6 && !refused; i++)
      refused = (await post('/api/auth/request-password-reset', { email: user.email })).status === 429;
    expect(refused).toBe(true);

    const target = address();
    const asked = await post(
      '/v1/user/send-email-change-verification',
      { new_email: target },
      freshIp(),
      user,
    );
    expect(asked.status).toBe(200);
    const [mail] = await app.database.db.select().from(mailMessages).where(eq(mailMessages.to, target));
    const code = new URL(mail!.links[0]!).searchParams.get('emailChangeCode')!;
    const changed = await app.request(`/v1/user/email?verification_code=${encodeURIComponent(code)}`, {
      method: 'PUT',
      headers: { cookie: user.cookie, origin: app.config.publicUrl, 'x-forwarded-for': freshIp() },
    });
    expect(changed.status).toBe(200);
    expect(await mailsTo(user.email, 'Your Vocalis email was changed')).toBe(1);
  });
});
