import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localInvoice } from '../../billing/local-invoices';
import type { SubscriptionState } from '../../billing/provider';
import { createTestUser, startTestApp, type TestApp } from '../../testing/test-app';
import { billingClient, SUCCESS_CARD } from './billing-test-helpers';

const DAY = 86_400_000;

describe(`one card processor answer is applied whole on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let b: ReturnType<typeof billingClient>;
  beforeAll(async () => {
    app = await startTestApp();
    b = billingClient(app);
  });
  afterAll(() => app?.close());

  it('leaves the checkout open and the plan free when a later event of the same answer fails (as a crash between them would)', async () => {
    const user = await createTestUser(app);
    const res = await b.call(user, '/v1/billing/create-checkout-session', {
      subscription_type: 'creator',
      billing_period: 'monthly_period',
      currency: 'usd',
    });
    expect(res.status).toBe(200);
    const sessionId = new URL(res.body.url).pathname.split('/').at(-1)!;
    const now = new Date();
    const state: SubscriptionState = {
      workspaceId: user.workspaceId,
      customerId: 'lcus_whole',
      subscriptionId: 'lsub_whole',
      tier: 'creator',
      period: 'monthly_period',
      currency: 'usd',
      status: 'active',
      periodStart: now,
      periodEnd: new Date(now.getTime() + 30 * DAY),
      cancelAt: null,
      scheduled: null,
    };
    // The invoice cannot be stored (no such workspace): the answer stops after its first event.
    const unstorable = localInvoice(
      { ...state, workspaceId: 'no-such-workspace' },
      { id: 'lin_whole', kind: 'subscription', subtotal: 2200, discount: 1100, paid: true },
      now,
    );
    await expect(
      app.billing.service.handle([
        {
          type: 'checkout.completed',
          checkoutSessionId: sessionId,
          customerId: state.customerId,
          subscription: state,
          card: { brand: 'visa', last4: '4242', behaviour: 'succeeds' },
        },
        { type: 'invoice.paid', invoice: unstorable },
      ]),
    ).rejects.toThrow();

    expect((await b.subscription(user)).tier).toBe('free');
    // The page was not used up: paying it now subscribes, with its paid invoice.
    expect((await b.pay(res.body.url, SUCCESS_CARD)).status).toBe(303);
    expect((await b.subscription(user)).tier).toBe('creator');
    expect((await b.invoices(user.workspaceId)).map((i) => i.status)).toEqual(['paid']);
  });
});
