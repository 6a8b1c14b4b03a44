import type { ExtendedSubscription } from '@vocalis/contracts/billing';
import type { TestApp, TestUser } from '../../testing/test-app';
import * as invoicesRepo from './invoices.repo';
import * as couponsRepo from './coupons.repo';

/** Test support for billing suites: JSON calls as a user, the hosted card form, coupons. */
export function billingClient(app: TestApp) {
  async function call(
    user: TestUser,
    path: string,
    body?: unknown,
    method = body === undefined ? 'GET' : 'POST',
  ) {
    const res = await app.request(path, {
      method,
      headers: {
        'xi-api-key': user.apiKey,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  return {
    call,
    async subscription(user: TestUser): Promise<ExtendedSubscription> {
      const res = await call(user, '/v1/user/subscription');
      if (res.status !== 200) throw new Error(`subscription: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as ExtendedSubscription;
    },
    /** Sends the hosted page's card form (as the browser does) and answers the status, location and page. */
    async pay(url: string, card: string, extra: Record<string, string> = {}) {
      const res = await app.request(new URL(url).pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          name: 'Test Payer',
          number: card,
          expiry: '12 / 34',
          cvc: '123',
          ...extra,
        }),
        redirect: 'manual',
      });
      return { status: res.status, location: res.headers.get('location'), html: await res.text() };
    },
    async authenticate(url: string, outcome: 'complete' | 'fail') {
      const res = await app.request(`${new URL(url).pathname}/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ outcome }),
        redirect: 'manual',
      });
      return { status: res.status, location: res.headers.get('location'), html: await res.text() };
    },
    coupon: (row: Parameters<typeof couponsRepo.upsertCoupon>[1]) =>
      couponsRepo.upsertCoupon(app.database.db, row),
    invoices: (workspaceId: string) => invoicesRepo.listInvoices(app.database.db, workspaceId),
  };
}

export const SUCCESS_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';
export const ACTION_CARD = '4000 0025 0000 3155';
export const LATER_DECLINES_CARD = '4000 0000 0000 0341';
