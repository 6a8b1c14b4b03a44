import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port';
import { startOidcStandIn, type OidcStandIn } from '../testing/oidc-stand-in';
import { socialSignIn } from '../testing/social-sign-in';
import { createTestUser, startTestApp, type TestApp } from '../testing/test-app';

describe(`staff accounts are internal (STAFF_EMAIL_DOMAINS) on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let standIn: OidcStandIn;
  beforeAll(async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    standIn = await startOidcStandIn({ appOrigin: origin });
    app = await startTestApp({
      env: {
        ...standIn.env,
        PORT: String(port),
        PUBLIC_URL: origin,
        STAFF_EMAIL_DOMAINS: 'staff.example.com',
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await standIn?.close();
  });

  const isInternal = async (cookie: string) => {
    const res = await app.request('/v1/user', { headers: { cookie } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { is_internal: boolean }).is_internal;
  };

  it('flags a verified address at the staff domain, and nobody else', async () => {
    const staff = await createTestUser(app, { email: `ada-${Date.now()}@staff.example.com` });
    expect(await isInternal(staff.cookie)).toBe(true);
    const customer = await createTestUser(app, { email: `bob-${Date.now()}@staff.example.com.evil.test` });
    expect(await isInternal(customer.cookie)).toBe(false);
  });

  it('does not flag a staff address the provider has not verified', async () => {
    const email = `eve-${Date.now()}@staff.example.com`;
    standIn.accounts.set(email, { email, name: 'Eve', emailVerified: false });
    const outcome = await socialSignIn(app, 'google', { email });
    expect(await isInternal(outcome.jar.toString())).toBe(false);
  });
});
