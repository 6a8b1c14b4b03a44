import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { billingClient, SUCCESS_CARD } from './billing-test-helpers';

/** Subscription changes of one workspace sent at the same moment run one after another (decision 020). */
describe(`concurrent subscription changes on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let b: ReturnType<typeof billingClient>;
  beforeAll(async () => {
    app = await startTestApp();
    b = billingClient(app);
    // The card processor answers slowly, as a remote one does: without serialization every request
    // reads the old plan before the first answer is stored.
    const provider = app.billing.provider;
    for (const call of ['upgrade', 'setCancelAtPeriodEnd'] as const) {
      const real = provider[call].bind(provider) as (...args: unknown[]) => Promise<unknown>;
      (provider as unknown as Record<string, unknown>)[call] = async (...args: unknown[]) => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        return real(...args);
      };
    }
  });
  afterAll(() => app?.close());

  async function subscribed(tier: string): Promise<TestUser> {
    const user = await createTestUser(app);
    const res = await b.call(user, '/v1/billing/create-checkout-session', {
      subscription_type: tier,
      billing_period: 'monthly_period',
      currency: 'usd',
    });
    expect(res.status).toBe(200);
    expect((await b.pay(res.body.url, SUCCESS_CARD)).status).toBe(303);
    return user;
  }

  it('upgrades once when two changes with different idempotency keys arrive together', async () => {
    const user = await subscribed('creator');
    const change = (key: string) =>
      b.call(user, '/v1/billing/change-subscription', {
        subscription_type: 'pro',
        billing_period: 'monthly_period',
        idempotency_key: key,
      });
    const answers = await Promise.all([change('race-a'), change('race-b'), change('race-c')]);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ tier: 'pro', status: 'active' });
    }
    // The checkout invoice and one proration: the later changes found the workspace on Pro already.
    const invoices = await b.invoices(user.workspaceId);
    expect(invoices.filter((i) => i.kind === 'proration')).toHaveLength(1);
    expect(invoices).toHaveLength(2);
  });

  it('cancels once when two cancel calls arrive together', async () => {
    const user = await subscribed('starter');
    const answers = await Promise.all([
      b.call(user, '/v1/billing/cancel-subscription', {}),
      b.call(user, '/v1/billing/cancel-subscription', {}),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)!.body.detail.status).toBe('already_canceled');
    expect((await b.subscription(user)).cancel_at_unix).not.toBeNull();
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'waits for a change another server process is making (advisory lock on PostgreSQL)',
    async () => {
      const user = await subscribed('creator');
      // Another process holds the workspace's billing lock.
      const other = new pg.Client({ connectionString: await app.database.connectionString() });
      await other.connect();
      try {
        await other.query('select pg_advisory_lock(7346022, hashtext($1))', [user.workspaceId]);
        const change = b.call(user, '/v1/billing/change-subscription', {
          subscription_type: 'pro',
          billing_period: 'monthly_period',
          idempotency_key: 'other-process',
        });
        // The request queues behind it: its advisory lock request shows up as not granted.
        for (;;) {
          const { rows } = await other.query(
            "select count(*)::int as n from pg_locks where locktype = 'advisory' and classid = 7346022 and not granted",
          );
          if (rows[0].n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect((await b.subscription(user)).tier).toBe('creator');
        await other.query('select pg_advisory_unlock(7346022, hashtext($1))', [user.workspaceId]);
        const done = await change;
        expect(done.status).toBe(200);
        expect(done.body.tier).toBe('pro');
      } finally {
        await other.end();
      }
    },
  );
});
