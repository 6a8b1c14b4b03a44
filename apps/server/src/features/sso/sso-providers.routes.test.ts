import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_MESSAGES } from '@vocalis/domain/workspace/sso-rules';
import { users } from '../../db/schema/auth';
import { workspaceMembers } from '../../db/schema/workspaces';
import { Jar } from '../../testing/cookie-jar';
import type { DnsStandIn } from '../../testing/dns-stand-in';
import { STAND_IN_SSO_CLIENT, type OidcStandIn } from '../../testing/oidc-stand-in';
import type { SamlIdpStandIn } from '../../testing/saml-idp-stand-in';
import { completeAtProvider } from '../../testing/social-sign-in';
import { startSsoTestBed, type SsoTestBed } from '../../testing/sso-test-bed';
import type { TestApp, TestUser } from '../../testing/test-app';

const OIDC_DOMAIN = 'north-sso.test';
const SAML_DOMAIN = 'south-sso.test';
let seq = 0;
const address = (domain: string) => `user-${++seq}@${domain}`;

describe(`several identity providers per workspace and IdP-initiated SAML on ${process.env.TEST_DB}`, () => {
  let bed: SsoTestBed | undefined;
  let app: TestApp;
  let oidc: OidcStandIn;
  let dns: DnsStandIn;
  let idp: SamlIdpStandIn;
  let alice: TestUser; // admin of the workspace with two providers
  let bob: TestUser; // another workspace
  let oidcId: string;
  let samlId: string;

  beforeAll(async () => {
    bed = await startSsoTestBed('Twin');
    ({ app, oidc, dns, idp, alice, bob } = bed);
    await call(alice, 'PUT', '/v1/workspace/user-auto-provisioning', { enabled: true });
    for (const domain of [OIDC_DOMAIN, SAML_DOMAIN]) {
      const added = await call(alice, 'POST', '/v1/workspace/domain-verifications', { domain });
      dns.records.set(added.body.txt_record_name, [added.body.txt_record_value]);
      const ok = await call(
        alice,
        'POST',
        `/v1/workspace/domain-verifications/${added.body.domain_id}/verify`,
      );
      expect(ok.body.verified).toBe(true);
    }
  }, 180_000);
  afterAll(async () => {
    await bed?.close();
  });

  async function call(u: TestUser | null, method: string, path: string, body?: unknown) {
    const res = await app.request(path, {
      method,
      headers: {
        ...(u ? { 'xi-api-key': u.apiKey } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
  const find = async (email: string) =>
    (await call(null, 'GET', `/v1/workspace/find-sso-provider?email=${encodeURIComponent(email)}`)).body;
  const start = async (providerId: string) => {
    const jar = new Jar();
    const res = await app.request(`/api/auth/sso/start?provider_id=${providerId}`, { redirect: 'manual' });
    jar.take(res);
    return { jar, url: res.headers.get('location')! };
  };
  const errorCode = (location: string) => new URL(location, 'http://x').searchParams.get('sso_error_code');
  const acs = () => `${app.config.publicUrl}/api/auth/sso/saml/acs/${samlId}`;
  const entity = () => `${app.config.publicUrl}/api/auth/sso/saml/metadata/${samlId}`;
  /** The IdP's form post to the ACS (no RelayState: unsolicited) and the GET leg after it. */
  const post = async (jar: Jar, samlResponse: string, relayState?: string) => {
    const form = new URLSearchParams({
      SAMLResponse: samlResponse,
      ...(relayState ? { RelayState: relayState } : {}),
    });
    const res = await app.request(`/api/auth/sso/saml/acs/${samlId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: new URL(idp.ssoUrl).origin,
        cookie: jar.toString(),
      },
      body: form.toString(),
    });
    expect(res.status).toBe(303);
    const leg = await app.request(res.headers.get('location')!, {
      redirect: 'manual',
      headers: { cookie: jar.toString() },
    });
    jar.take(leg);
    return leg.headers.get('location')!;
  };
  const emailOf = async (jar: Jar) =>
    (
      (await (await app.request('/v1/user', { headers: { cookie: jar.toString() } })).json()) as {
        email: string;
      }
    ).email;
  /** SP-initiated SAML through the IdP's sign-in page. */
  const samlSignIn = async (email: string) => {
    const { jar, url } = await start(samlId);
    if (!url.startsWith(idp.ssoUrl)) return { location: url, jar };
    const page = await fetch(url);
    const action = /action="([^"]+)"/.exec(await page.text())![1]!;
    const html = await (
      await fetch(new URL(action, url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email }).toString(),
      })
    ).text();
    const samlResponse = /name="SAMLResponse" value="([^"]+)"/.exec(html)![1]!;
    const relay = /name="RelayState" value="([^"]*)"/.exec(html)![1]!;
    return { location: await post(jar, samlResponse, relay), jar };
  };

  it('routes each verified domain to the provider that names it, OIDC and SAML side by side', async () => {
    const made = await call(alice, 'POST', '/v1/workspace/identity-providers', {
      type: 'oidc',
      name: 'North OIDC',
      issuer: oidc.issuer,
      client_id: STAND_IN_SSO_CLIENT.clientId,
      client_secret: STAND_IN_SSO_CLIENT.clientSecret,
      domains: [OIDC_DOMAIN.toUpperCase()],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ domains: [OIDC_DOMAIN], enabled: true, idp_initiated_enabled: false });
    oidcId = made.body.provider_id;
    const saml = await call(alice, 'POST', '/v1/workspace/identity-providers', {
      type: 'saml',
      name: 'South SAML',
      identity_provider_entity_id: idp.entityId,
      sso_url: idp.ssoUrl,
      certificate: idp.certificate,
      domains: [SAML_DOMAIN],
    });
    expect(saml.status, JSON.stringify(saml.body)).toBe(200);
    samlId = saml.body.provider_id;

    expect(await find(address(OIDC_DOMAIN))).toMatchObject({ provider_id: oidcId, type: 'oidc' });
    expect(await find(address(SAML_DOMAIN))).toMatchObject({ provider_id: samlId, type: 'saml' });

    // Each address signs in at its own provider.
    const north = address(OIDC_DOMAIN);
    const o = await start(oidcId);
    const viaOidc = await completeAtProvider(app, o.url, o.jar, { email: north });
    expect(viaOidc.location).toBe('/app/home');
    expect(await emailOf(viaOidc.jar)).toBe(north);
    const south = address(SAML_DOMAIN);
    const viaSaml = await samlSignIn(south);
    expect(viaSaml.location).toBe('/app/home');
    expect(await emailOf(viaSaml.jar)).toBe(south);

    // A provider cannot vouch for the other provider's domain.
    const cross = await start(oidcId);
    const refused = await completeAtProvider(app, cross.url, cross.jar, { email: address(SAML_DOMAIN) });
    expect(errorCode(refused.location)).toBe('sso_other_provider');
    expect(new URL(refused.location, 'http://x').searchParams.get('sso_error')).toBe(
      SSO_MESSAGES.otherProvider,
    );
    expect(refused.jar.has('session_token')).toBe(false);
  });

  it('a provider may only name domains its workspace claimed; another workspace cannot touch it', async () => {
    const bad = await call(alice, 'PATCH', `/v1/workspace/identity-providers/${oidcId}`, {
      domains: ['elsewhere.test'],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.status).toBe('domain_not_claimed');
    const foreign = await call(bob, 'PATCH', `/v1/workspace/identity-providers/${oidcId}`, {
      enabled: false,
    });
    expect(foreign.status).toBe(404);
    expect((await call(bob, 'GET', '/v1/workspace/identity-providers')).body.identity_providers).toEqual([]);
    // The new settings are part of the published API.
    const spec = (await call(null, 'GET', '/openapi.json')).body;
    expect(Object.keys(spec.components.schemas.WorkspaceIdentityProvider.properties)).toEqual(
      expect.arrayContaining(['domains', 'enabled', 'idp_initiated_enabled']),
    );
  });

  it('a disabled provider is neither found nor usable; its domain falls back to a default provider', async () => {
    const off = await call(alice, 'PATCH', `/v1/workspace/identity-providers/${samlId}`, { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.enabled).toBe(false);
    expect((await find(address(SAML_DOMAIN))).provider_id).toBeNull();
    const tried = await samlSignIn(address(SAML_DOMAIN));
    expect(errorCode(tried.location)).toBe('identity_provider_disabled');

    // The OIDC provider without domains becomes the workspace's default: it now serves the SAML domain too.
    await call(alice, 'PATCH', `/v1/workspace/identity-providers/${oidcId}`, { domains: [] });
    expect(await find(address(SAML_DOMAIN))).toMatchObject({ provider_id: oidcId });
    await call(alice, 'PATCH', `/v1/workspace/identity-providers/${samlId}`, { enabled: true });
    expect(await find(address(SAML_DOMAIN))).toMatchObject({ provider_id: samlId });
    expect(await find(address(OIDC_DOMAIN))).toMatchObject({ provider_id: oidcId });
  });

  describe('IdP-initiated SAML', () => {
    const unsolicited = (email: string, assertionId?: string) =>
      idp.response({ email, acsUrl: acs(), audience: entity(), assertionId });

    it('is refused while the provider does not allow it (the default)', async () => {
      const jar = new Jar();
      expect(errorCode(await post(jar, unsolicited(address(SAML_DOMAIN))))).toBe(
        'saml_idp_initiated_disabled',
      );
      expect(jar.has('session_token')).toBe(false);
    });

    it('once allowed, signs in with a signed unsolicited response and lands on the home page', async () => {
      const on = await call(alice, 'PATCH', `/v1/workspace/identity-providers/${samlId}`, {
        idp_initiated_enabled: true,
      });
      expect(on.body.idp_initiated_enabled).toBe(true);
      const email = address(SAML_DOMAIN);
      const assertionId = `_idp${Date.now()}`;
      const response = unsolicited(email, assertionId);
      const jar = new Jar();
      // An IdP's RelayState is not a place to land.
      expect(await post(jar, response, 'https://evil.example/')).toBe('/app/home');
      expect(await emailOf(jar)).toBe(email);
      const [user] = await app.database.db.select().from(users).where(eq(users.email, email));
      // Auto-provisioned into the provider's workspace.
      const [member] = await app.database.db
        .select()
        .from(workspaceMembers)
        .where(
          and(eq(workspaceMembers.userId, user!.id), eq(workspaceMembers.workspaceId, alice.workspaceId)),
        );
      expect(member?.role).toBe('editor');

      // The same response again is a replay.
      const again = new Jar();
      expect(errorCode(await post(again, response))).toBe('saml_assertion_replayed');
      expect(again.has('session_token')).toBe(false);
    });

    it('keeps the signature, audience and InResponseTo checks', async () => {
      const email = address(SAML_DOMAIN);
      const forged = idp.response({
        email,
        acsUrl: acs(),
        audience: entity(),
        signWith: await idp.otherKey(),
      });
      expect(errorCode(await post(new Jar(), forged))).toBe('saml_response_invalid');
      const elsewhere = idp.response({ email, acsUrl: acs(), audience: 'https://someone-else.example/sp' });
      expect(errorCode(await post(new Jar(), elsewhere))).toBe('saml_response_invalid');
      // A response answering an AuthnRequest (someone else's sign-in) is not unsolicited.
      const answering = idp.response({ email, acsUrl: acs(), audience: entity(), inResponseTo: '_someone' });
      expect(errorCode(await post(new Jar(), answering))).toBe('saml_response_invalid');
      // Switched off again: refused.
      await call(alice, 'PATCH', `/v1/workspace/identity-providers/${samlId}`, {
        idp_initiated_enabled: false,
      });
      expect(errorCode(await post(new Jar(), unsolicited(email)))).toBe('saml_idp_initiated_disabled');
    });
  });
});
