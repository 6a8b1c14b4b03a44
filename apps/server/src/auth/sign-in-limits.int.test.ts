import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/auth';
import { rateLimits } from '../db/schema/rate-limits';
import { createTestUser, startTestApp, type TestApp } from '../testing/test-app';

const TOO_MANY = {
  detail: {
    status: 'TOO_MANY_REQUESTS',
    message: 'Too many sign-in attempts, please try again in a few minutes.',
  },
};

/**
 * The sign-in lockout (5 failures per account, 30 per IP, the defaults) must hold however many sign-ins
 * arrive at once: each attempt is reserved before its password is checked (decision 030).
 */
describe(`sign-in lockout under concurrency on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let ipSeq = 0;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => app?.close());

  const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const signIn = (email: string, password: string, ip: string) =>
    app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl, 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password }),
    });
  const sessionsOf = async (userId: string) =>
    (await app.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
  const tally = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

  it('checks at most five wrong passwords of one account among 100 simultaneous sign-ins from 100 addresses', async () => {
    const user = await createTestUser(app);
    const before = await sessionsOf(user.id);
    const attempts = Array.from({ length: 100 }, (_, i) =>
      signIn(user.email, i === 40 ? user.password : `Wrong-passw0rd-${i}!`, freshIp()),
    );
    const statuses = await Promise.all(attempts.map(async (r) => (await r).status));
    const counts = tally(statuses);
    console.info(`100 concurrent sign-ins on one account (${process.env.TEST_DB}):`, counts);
    // Every answer other than 429 is a password that was checked.
    expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(6);
    expect(statuses.filter((s) => s !== 401 && s !== 429 && s !== 200)).toEqual([]);
    // A session exists only if the right password was checked before the lock filled up.
    expect(await sessionsOf(user.id)).toBe(before + (counts[200] ?? 0));
    // The failures stand: once five are in, the right password is refused for the rest of the window.
    for (let i = counts[401] ?? 0; i < 5; i++)
      expect((await signIn(user.email, 'Wrong-passw0rd!', freshIp())).status).toBe(401);
    const after = await signIn(user.email, user.password, freshIp());
    expect(after.status).toBe(429);
    expect(await after.json()).toEqual(TOO_MANY);
  });

  it('checks at most thirty passwords from one IP among 100 simultaneous sign-ins to different accounts', async () => {
    const ip = freshIp();
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        signIn(`spray${i}-${Date.now()}@example.com`, 'Wrong-passw0rd!', ip).then((r) => r.status),
      ),
    );
    const counts = tally(statuses);
    console.info(`100 concurrent sign-ins from one IP (${process.env.TEST_DB}):`, counts);
    expect(counts[401]).toBe(30);
    expect(counts[429]).toBe(70);
    const user = await createTestUser(app);
    expect((await signIn(user.email, user.password, ip)).status).toBe(429);
    expect((await signIn(user.email, user.password, freshIp())).status).toBe(200);
  });

  it('counts an IPv6 client by its /64 network, so rotating addresses inside it gains nothing', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signIn(
          `v6spray${i}-${Date.now()}@example.com`,
          'Wrong-passw0rd!',
          `2001:db8:77:1::${(i + 1).toString(16)}`,
        ).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    // The neighbouring network is another client.
    expect(
      (await signIn(`v6other-${Date.now()}@example.com`, 'Wrong-passw0rd!', '2001:db8:77:2::1')).status,
    ).toBe(401);
  });

  it('a right password is not counted as a failure, and does not wipe the failures before it', async () => {
    const user = await createTestUser(app);
    for (let i = 0; i < 4; i++)
      expect((await signIn(user.email, 'Wrong-passw0rd!', freshIp())).status).toBe(401);
    // Four failures and two successes: had a success counted, the second would be the fifth attempt and refused.
    expect((await signIn(user.email, user.password, freshIp())).status).toBe(200);
    expect((await signIn(user.email, user.password, freshIp())).status).toBe(200);
    // The fifth failure locks the account although it signed in meanwhile.
    expect((await signIn(user.email, 'Wrong-passw0rd!', freshIp())).status).toBe(401);
    const locked = await signIn(user.email, user.password, freshIp());
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual(TOO_MANY);
  });

  it('a locked account signs in again once its window has run out', async () => {
    const user = await createTestUser(app);
    for (let i = 0; i < 5; i++)
      expect((await signIn(user.email, 'Wrong-passw0rd!', freshIp())).status).toBe(401);
    expect((await signIn(user.email, user.password, freshIp())).status).toBe(429);
    // Fifteen minutes (SIGN_IN_LOCKOUT_WINDOW_SECONDS) later:
    await app.database.db
      .update(rateLimits)
      .set({ windowStartedAt: new Date(Date.now() - 901 * 1000) })
      .where(eq(rateLimits.key, `sign-in:account:${user.email}`));
    expect((await signIn(user.email, user.password, freshIp())).status).toBe(200);
  });

  it('a right password for a blocked account gives its notice and is not counted', async () => {
    const user = await createTestUser(app);
    await app.users.setAccountState(user.id, 'disabled');
    for (let i = 0; i < 8; i++) expect((await signIn(user.email, user.password, freshIp())).status).toBe(403);
    expect((await signIn(user.email, 'Wrong-passw0rd!', freshIp())).status).toBe(401);
  });
});
