import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preSignUps } from '../../db/schema/account-signals';
import { userProfiles } from '../../db/schema/user-profiles';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

// TRUST_PROXY lets the tests stand behind a "proxy" that names a public client address (x-forwarded-for);
// without it the loopback address of the test client has no location.
describe(`consent on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => app?.close());

  const call = (user: TestUser | null, pathname: string, body?: unknown, method = 'POST', ip?: string) =>
    app.request(pathname, {
      method,
      headers: {
        ...(user ? { cookie: user.cookie } : {}),
        ...(ip ? { 'x-forwarded-for': ip } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const CHICAGO = '73.44.1.1';

  it('looks up the location of the caller without credentials', async () => {
    const res = await call(null, '/v1/geolocation', undefined, 'GET', CHICAGO);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ region: 'IL', country: 'US', city: 'Chicago' });
    const local = await call(null, '/v1/geolocation', undefined, 'GET');
    expect(await local.json()).toEqual({ region: null, country: null, city: null });
  });

  it('tells a signed-out visitor which privacy rules apply: CCPA states, the GPC signal, European consent', async () => {
    const visitor = async (ip: string | undefined, headers: Record<string, string> = {}) => {
      const res = await app.request('/v1/privacy/visitor', {
        headers: { ...(ip ? { 'x-forwarded-for': ip } : {}), ...headers },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      return res.json();
    };
    expect(await visitor('24.6.0.1')).toEqual({
      // The city is whatever geoip-lite's bundled database says (1.4.10: December 2024, decision 038).
      location: { region: 'CA', country: 'US', city: 'El Cerrito' },
      geo_location: 'US-CA',
      gpc: false,
      ccpa_opt_out_applies: true,
      analytics_consent: 'not_applicable',
    });
    expect(await visitor(CHICAGO)).toMatchObject({ geo_location: 'US-IL', ccpa_opt_out_applies: false });
    expect(await visitor(CHICAGO, { 'sec-gpc': '1' })).toMatchObject({
      geo_location: 'US-IL',
      gpc: true,
      ccpa_opt_out_applies: true,
    });
    expect(await visitor('81.2.69.160')).toMatchObject({
      geo_location: 'GB-ENG',
      ccpa_opt_out_applies: false,
      analytics_consent: 'undecided',
    });
    expect(await visitor(undefined)).toEqual({
      location: { region: null, country: null, city: null },
      geo_location: null,
      gpc: false,
      ccpa_opt_out_applies: false,
      analytics_consent: 'not_applicable',
    });
  });

  it('registers the location with agrees_to_product_updates; a loopback address changes nothing', async () => {
    const user = await createTestUser(app);
    const res = await call(
      user,
      '/v1/user/register-geolocation',
      { agrees_to_product_updates: false },
      'POST',
      CHICAGO,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ geo_location: 'US-IL', agrees_to_product_updates: false });
    const [row] = await app.database.db.select().from(userProfiles).where(eq(userProfiles.userId, user.id));
    expect(row!.location).toEqual({ region: 'IL', country: 'US', city: 'Chicago' });

    const again = await call(user, '/v1/user/register-geolocation', { agrees_to_product_updates: true });
    expect(await again.json()).toMatchObject({ geo_location: 'US-IL', agrees_to_product_updates: true });
    expect((await call(user, '/v1/user/register-geolocation', { geo_location: 'US-TX' })).status).toBe(422);
  });

  it('registers the product-updates choice made on the sign-up form with the location, once', async () => {
    const email = `choice-${Date.now()}@example.com`;
    const pre = await call(null, '/v1/user/pre-sign-up', {
      email,
      account_metadata: { agrees_to_product_updates: false, source: 'sign-up form' },
    });
    expect(pre.status).toBe(200);
    const user = await createTestUser(app, { email });
    // The account starts with the answer, before the app registers a location.
    const me = await call(user, '/v1/user', undefined, 'GET');
    expect(await me.json()).toMatchObject({ agrees_to_product_updates: false });
    const first = await call(user, '/v1/user/register-geolocation', {}, 'POST', CHICAGO);
    expect(await first.json()).toMatchObject({ geo_location: 'US-IL', agrees_to_product_updates: false });
    const [kept] = await app.database.db.select().from(preSignUps).where(eq(preSignUps.email, email));
    expect(kept!.attribution.account_metadata).toEqual({ source: 'sign-up form' });

    // A later change of mind is not undone by the sign-up answer.
    await call(user, '/v1/user/edit-user-metadata', { agrees_to_product_updates: true });
    const second = await call(user, '/v1/user/register-geolocation', {});
    expect(await second.json()).toMatchObject({ agrees_to_product_updates: true });
  });

  it('ignores a pre-sign-up written after the account exists (anyone can send one)', async () => {
    const user = await createTestUser(app);
    await call(null, '/v1/user/pre-sign-up', {
      email: user.email,
      account_metadata: { agrees_to_product_updates: false },
    });
    const res = await call(user, '/v1/user/register-geolocation', {});
    expect(await res.json()).toMatchObject({ agrees_to_product_updates: true });
  });

  it('records acceptance of the biometric terms once', async () => {
    const user = await createTestUser(app);
    await call(user, '/v1/user/register-geolocation', {}, 'POST', CHICAGO);
    const res = await call(user, '/v1/user/accept-bipa-terms');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ accepted_bipa_terms: true, geo_location: 'US-IL' });
    const [first] = await app.database.db.select().from(userProfiles).where(eq(userProfiles.userId, user.id));
    expect((await call(user, '/v1/user/accept-bipa-terms')).status).toBe(200);
    const [second] = await app.database.db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, user.id));
    expect(second!.acceptedBipaTermsAt).toEqual(first!.acceptedBipaTermsAt);
    expect((await call(null, '/v1/user/accept-bipa-terms')).status).toBe(401);
  });

  it('lets only workspace admins change the training opt-out', async () => {
    const admin = await createTestUser(app);
    const editor = await createTestUser(app);
    const db = app.database.db;
    await db
      .insert(workspaceMembers)
      .values({ workspaceId: admin.workspaceId, userId: editor.id, role: 'editor' });
    await db
      .update(userProfiles)
      .set({ workspaceId: admin.workspaceId })
      .where(eq(userProfiles.userId, editor.id));

    expect(await (await call(admin, '/v1/workspace/training-opt-out', undefined, 'GET')).json()).toEqual({
      workspace_id: admin.workspaceId,
      training_opt_out: false,
      can_change: true,
    });
    expect(await (await call(editor, '/v1/workspace/training-opt-out', undefined, 'GET')).json()).toEqual({
      workspace_id: admin.workspaceId,
      training_opt_out: false,
      can_change: false,
    });

    const refused = await call(editor, '/v1/workspace/training-opt-out', { training_opt_out: true });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      detail: { status: 'not_workspace_admin', message: 'Only workspace admins can change this setting.' },
    });
    const [unchanged] = await db.select().from(workspaces).where(eq(workspaces.id, admin.workspaceId));
    expect(unchanged!.trainingOptOut).toBe(false);

    const ok = await call(admin, '/v1/workspace/training-opt-out', { training_opt_out: true });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ training_opt_out: true, can_change: true });
    const [changed] = await db.select().from(workspaces).where(eq(workspaces.id, admin.workspaceId));
    expect(changed!.trainingOptOut).toBe(true);
    expect(changed!.trainingOptOutAt).not.toBeNull();
    expect((await call(admin, '/v1/workspace/training-opt-out', { training_opt_out: 'yes' })).status).toBe(
      422,
    );
  });
});
