import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_MESSAGES } from '@vocalis/domain/workspace/sso-rules';
import { users } from '../../db/schema/auth';
import { samlAssertionReplays, workspaceIdentityProviders } from '../../db/schema/sso';
import { auditLogEntries } from '../../db/schema/workspace-admin';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';
import { Jar } from '../../testing/cookie-jar';
import type { DnsStandIn } from '../../testing/dns-stand-in';
import { STAND_IN_SSO_CLIENT, type OidcStandIn } from '../../testing/oidc-stand-in';
import type { SamlIdpStandIn } from '../../testing/saml-idp-stand-in';
import { completeAtProvider } from '../../testing/social-sign-in';
import { startSsoTestBed, type SsoTestBed } from '../../testing/sso-test-bed';
import type { TestApp, TestUser } from '../../testing/test-app';

const DOMAIN = 'acme-sso.test';
let seq = 0;
const acmeEmail = (tag: string) => `${tag}-${++seq}@${DOMAIN}`;

describe(`workspace single sign-on (OIDC, SAML, domain verification) on ${process.env.TEST_DB}`, () => {
  let bed: SsoTestBed | undefined;
  let app: TestApp;
  let oidc: OidcStandIn;
  let dns: DnsStandIn;
  let idp: SamlIdpStandIn;
  let alice: TestUser; // admin of the SSO workspace (Business: 5 seats)
  let bob: TestUser; // another workspace
  let oidcProviderId: string;
  let samlProviderId: string;

  beforeAll(async () => {
    bed = await startSsoTestBed('Acme');
    ({ app, oidc, dns, idp, alice, bob } = bed);
  }, 180_000);
  afterAll(async () => {
    await bed?.close();
  });

  const call = async (u: TestUser | null, method: string, path: string, body?: unknown) => {
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
  };
  const audit = (activity: string) =>
    app.database.db
      .select()
      .from(auditLogEntries)
      .where(
        and(eq(auditLogEntries.workspaceId, alice.workspaceId), eq(auditLogEntries.activityName, activity)),
      );

  /** GET /api/auth/sso/start as a browser: the provider URL and the jar holding the state cookie. */
  const start = async (providerId: string) => {
    const jar = new Jar();
    const res = await app.request(
      `/api/auth/sso/start?provider_id=${providerId}&callback_url=${encodeURIComponent('/app/home')}`,
      { redirect: 'manual' },
    );
    expect(res.status, await res.clone().text()).toBe(302);
    jar.take(res);
    return { jar, url: res.headers.get('location')! };
  };
  const oidcSignIn = async (email: string) => {
    const { jar, url } = await start(oidcProviderId);
    return completeAtProvider(app, url, jar, { email });
  };
  const errorOf = (location: string) => {
    const q = new URL(location, 'http://x').searchParams;
    return { message: q.get('sso_error'), code: q.get('sso_error_code') };
  };
  const me = async (jar: Jar) => {
    const res = await app.request('/v1/user', { headers: { cookie: jar.toString() } });
    return { status: res.status, body: (await res.json()) as { email: string; user_id: string } };
  };

  it('an admin configures an OIDC provider; the client secret is stored sealed and never answered', async () => {
    const res = await call(alice, 'POST', '/v1/workspace/identity-providers', {
      type: 'oidc',
      name: 'Acme SSO',
      issuer: oidc.issuer,
      client_id: STAND_IN_SSO_CLIENT.clientId,
      client_secret: STAND_IN_SSO_CLIENT.clientSecret,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      type: 'oidc',
      name: 'Acme SSO',
      client_id: STAND_IN_SSO_CLIENT.clientId,
      has_client_secret: true,
      redirect_uri: `${app.config.publicUrl}/api/auth/sso/oidc/callback`,
    });
    expect(JSON.stringify(res.body)).not.toContain(STAND_IN_SSO_CLIENT.clientSecret);
    oidcProviderId = res.body.provider_id;
    const [row] = await app.database.db
      .select()
      .from(workspaceIdentityProviders)
      .where(eq(workspaceIdentityProviders.id, oidcProviderId));
    expect(row!.clientSecretSealed).toBeTruthy();
    expect(row!.clientSecretSealed).not.toContain(STAND_IN_SSO_CLIENT.clientSecret);
    expect((await audit('identity_provider_created')).length).toBe(1);

    const listed = await call(alice, 'GET', '/v1/workspace/identity-providers');
    expect(listed.body.identity_providers.map((p: { provider_id: string }) => p.provider_id)).toEqual([
      oidcProviderId,
    ]);
    // An issuer without a discovery document is refused before it is saved.
    const bad = await call(alice, 'POST', '/v1/workspace/identity-providers', {
      type: 'oidc',
      issuer: `${oidc.issuer}/nothing-here`,
      client_id: 'x',
      client_secret: 'y',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail.status).toBe('invalid_issuer');
  });

  it('verifies a claimed domain through a TXT record on the loopback DNS server', async () => {
    const added = await call(alice, 'POST', '/v1/workspace/domain-verifications', {
      domain: 'ACME-SSO.test.',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({
      domain: DOMAIN,
      txt_record_name: `_vocalis-verification.${DOMAIN}`,
      verified: false,
    });
    const id = added.body.domain_id as string;
    // Not published yet: refused with the record's name, and still unverified.
    const early = await call(alice, 'POST', `/v1/workspace/domain-verifications/${id}/verify`);
    expect(early.status).toBe(400);
    expect(early.body.detail.message).toBe(SSO_MESSAGES.txtNotFound(`_vocalis-verification.${DOMAIN}`));
    expect(dns.queries).toContain(`_vocalis-verification.${DOMAIN}`);
    // A record with another value proves nothing.
    dns.records.set(`_vocalis-verification.${DOMAIN}`, ['vocalis-domain-verification=not-the-token']);
    expect((await call(alice, 'POST', `/v1/workspace/domain-verifications/${id}/verify`)).status).toBe(400);
    // Before verification no sign-in is routed to the provider.
    expect(
      (await call(null, 'GET', `/v1/workspace/find-sso-provider?email=x@${DOMAIN}`)).body.provider_id,
    ).toBeNull();

    dns.records.set(`_vocalis-verification.${DOMAIN}`, ['v=spf1 -all', added.body.txt_record_value]);
    const ok = await call(alice, 'POST', `/v1/workspace/domain-verifications/${id}/verify`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.verified).toBe(true);
    expect((await audit('domain_verified')).length).toBe(1);

    const found = await call(
      null,
      'GET',
      `/v1/workspace/find-sso-provider?email=Someone@${DOMAIN.toUpperCase()}`,
    );
    expect(found.body).toEqual({
      provider_id: oidcProviderId,
      type: 'oidc',
      workspace_name: 'Acme',
      sso_required: false,
      sign_in_url: `/api/auth/sso/start?provider_id=${oidcProviderId}`,
    });
    expect(
      (await call(null, 'GET', '/v1/workspace/find-sso-provider?email=x@elsewhere.test')).body.provider_id,
    ).toBeNull();

    // Another workspace cannot claim a domain verified here.
    const other = await call(bob, 'POST', '/v1/workspace/domain-verifications', { domain: DOMAIN });
    dns.records.set(`_vocalis-verification.${DOMAIN}`, [
      added.body.txt_record_value,
      other.body.txt_record_value,
    ]);
    const taken = await call(
      bob,
      'POST',
      `/v1/workspace/domain-verifications/${other.body.domain_id}/verify`,
    );
    expect(taken.status).toBe(409);
    expect(taken.body.detail.message).toBe(SSO_MESSAGES.domainTaken);
  });

  it('refuses an unknown address when auto-provisioning is off; signs it up and in once it is on (OIDC, PKCE)', async () => {
    const email = acmeEmail('new');
    const refused = await oidcSignIn(email);
    expect(errorOf(refused.location)).toEqual({
      message: SSO_MESSAGES.noAccountNoProvisioning,
      code: 'sso_not_allowed',
    });
    expect(refused.jar.has('session_token')).toBe(false);

    const on = await call(alice, 'PUT', '/v1/workspace/user-auto-provisioning', { enabled: true });
    expect(on.body).toMatchObject({ enabled: true, enabled_by_user_email: alice.email });
    expect(on.body.enabled_at_unix).toBeGreaterThan(Date.now() / 1000 - 60);
    expect((await call(alice, 'GET', '/v1/workspace/user-auto-provisioning')).body).toEqual(on.body);

    const signed = await oidcSignIn(email);
    expect(signed.location).toBe('/app/home');
    const user = await me(signed.jar);
    expect(user.status).toBe(200);
    expect(user.body.email).toBe(email);
    const [member] = await app.database.db
      .select()
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, alice.workspaceId),
          eq(workspaceMembers.userId, user.body.user_id),
        ),
      );
    expect(member?.role).toBe('editor');
    const ws = await app.request('/v1/workspace', { headers: { cookie: signed.jar.toString() } });
    expect(((await ws.json()) as { workspace_id: string }).workspace_id).toBe(alice.workspaceId);
    expect((await audit('member_auto_provisioned')).map((e) => e.actorEmail)).toContain(email);

    // Next time: the same account, no second membership.
    const again = await oidcSignIn(email);
    expect((await me(again.jar)).body.user_id).toBe(user.body.user_id);
  });

  it('refuses addresses outside the verified domains, a forged state and a missing state cookie', async () => {
    const outside = await oidcSignIn(`mallory-${++seq}@elsewhere.test`);
    expect(errorOf(outside.location).message).toBe(SSO_MESSAGES.domainNotVerified);

    const { url } = await start(oidcProviderId);
    // The provider's answer reaches a browser without this attempt's state cookie (login CSRF): refused.
    const other = await completeAtProvider(app, url, new Jar(), { email: acmeEmail('csrf') });
    expect(errorOf(other.location).code).toBe('sso_state_mismatch');
    const forged = await app.request('/api/auth/sso/oidc/callback?code=abc&state=forged', {
      redirect: 'manual',
    });
    expect(errorOf(forged.headers.get('location')!).code).toBe('sso_state_mismatch');
  });

  it('respects the seats: auto-provisioning stops at the plan seat limit', async () => {
    // Creator has 1 seat, which alice holds.
    const db = app.database.db;
    await db
      .update(workspaces)
      .set({ subscriptionTier: 'creator', extraSeats: 0 })
      .where(eq(workspaces.id, alice.workspaceId));
    const full = await oidcSignIn(acmeEmail('seatless'));
    expect(errorOf(full.location).code).toBe('seat_limit_reached');
    const [nobody] = await db
      .select()
      .from(users)
      .where(eq(users.email, `seatless-${seq}@${DOMAIN}`));
    expect(nobody).toBeUndefined();
    await db
      .update(workspaces)
      .set({ subscriptionTier: 'scale_2024_08_10', extraSeats: 20 })
      .where(eq(workspaces.id, alice.workspaceId));
  });

  it('an editor cannot administer SSO; another workspace neither reads nor changes it', async () => {
    const email = acmeEmail('editor');
    const signed = await oidcSignIn(email);
    const cookie = signed.jar.toString();
    const asEditor = (method: string, path: string, body?: unknown) =>
      app.request(path, {
        method,
        headers: {
          cookie,
          origin: app.config.publicUrl,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    expect((await asEditor('GET', '/v1/workspace/identity-providers')).status).toBe(200);
    for (const [method, path, body] of [
      [
        'POST',
        '/v1/workspace/identity-providers',
        { type: 'oidc', issuer: oidc.issuer, client_id: 'a', client_secret: 'b' },
      ],
      ['PATCH', `/v1/workspace/identity-providers/${oidcProviderId}`, { name: 'Mine' }],
      ['DELETE', `/v1/workspace/identity-providers/${oidcProviderId}`],
      ['GET', '/v1/workspace/domain-verifications'],
      ['POST', '/v1/workspace/domain-verifications', { domain: 'editor.test' }],
      ['PUT', '/v1/workspace/user-auto-provisioning', { enabled: false }],
    ] as const) {
      const res = await asEditor(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(((await res.json()) as { detail: { status: string } }).detail.status).toBe(
        'not_workspace_admin',
      );
    }

    expect((await call(bob, 'GET', '/v1/workspace/identity-providers')).body.identity_providers).toEqual([]);
    expect(
      (await call(bob, 'PATCH', `/v1/workspace/identity-providers/${oidcProviderId}`, { name: 'x' })).status,
    ).toBe(404);
    expect((await call(bob, 'DELETE', `/v1/workspace/identity-providers/${oidcProviderId}`)).status).toBe(
      404,
    );
    const domains = (await call(alice, 'GET', '/v1/workspace/domain-verifications')).body.domains;
    expect(
      (await call(bob, 'POST', `/v1/workspace/domain-verifications/${domains[0].domain_id}/verify`)).status,
    ).toBe(404);
    expect(
      (await call(bob, 'DELETE', `/v1/workspace/domain-verifications/${domains[0].domain_id}`)).status,
    ).toBe(404);
    expect(
      (await call(bob, 'GET', '/v1/workspace/domain-verifications')).body.domains.map(
        (d: { domain: string }) => d.domain,
      ),
    ).toEqual([DOMAIN]);
    expect(
      (await call(alice, 'GET', '/v1/workspace/identity-providers')).body.identity_providers[0].name,
    ).toBe('Acme SSO');
  });

  it('enforces the stored sign-in rules: email/password refused with the spec message, SSO required', async () => {
    const res = await call(alice, 'PATCH', '/v1/workspace/security', {
      email_password_sign_in_disabled: true,
    });
    expect(res.status).toBe(200);
    const signIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify({ email: alice.email, password: alice.password }),
    });
    expect(signIn.status).toBe(403);
    expect(((await signIn.json()) as { detail: { message: string } }).detail.message).toBe(
      'Your workspace does not allow signing in with email and password. Please sign in with another identity provider.',
    );
    expect(
      (await call(null, 'GET', `/v1/workspace/find-sso-provider?email=x@${DOMAIN}`)).body.sso_required,
    ).toBe(true);
    // Members still come in through the workspace's provider.
    const sso = await oidcSignIn(acmeEmail('member'));
    expect(sso.location).toBe('/app/home');
    await call(alice, 'PATCH', '/v1/workspace/security', { email_password_sign_in_disabled: false });
  });

  describe('SAML 2.0', () => {
    const acs = () => `${app.config.publicUrl}/api/auth/sso/saml/acs/${samlProviderId}`;
    const entity = () => `${app.config.publicUrl}/api/auth/sso/saml/metadata/${samlProviderId}`;

    /** Starts at the app and reads the AuthnRequest the IdP received: its id and the RelayState. */
    const startSaml = async () => {
      const { jar, url } = await start(samlProviderId);
      const u = new URL(url);
      expect(`${u.origin}${u.pathname}`).toBe(idp.ssoUrl);
      const { inflateRawSync } = await import('node:zlib');
      const request = inflateRawSync(Buffer.from(u.searchParams.get('SAMLRequest')!, 'base64')).toString();
      return {
        jar,
        requestId: /\sID="([^"]+)"/.exec(request)![1]!,
        relayState: u.searchParams.get('RelayState')!,
        request,
      };
    };
    /** The browser's form post to the ACS and the redirects after it. */
    const post = async (jar: Jar, samlResponse: string, relayState: string) => {
      const res = await app.request(`/api/auth/sso/saml/acs/${samlProviderId}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: new URL(idp.ssoUrl).origin,
          cookie: jar.toString(),
        },
        body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
      });
      expect(res.status).toBe(303);
      const leg = await app.request(res.headers.get('location')!, {
        redirect: 'manual',
        headers: { cookie: jar.toString() },
      });
      jar.take(leg);
      return leg.headers.get('location')!;
    };

    it('configures a SAML provider and serves SP metadata with our entity id and ACS', async () => {
      const res = await call(alice, 'POST', '/v1/workspace/identity-providers', {
        type: 'saml',
        name: 'Acme SAML',
        identity_provider_entity_id: idp.entityId,
        sso_url: idp.ssoUrl,
        certificate: idp.certificate,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      samlProviderId = res.body.provider_id;
      expect(res.body).toMatchObject({
        identity_provider_entity_id: idp.entityId,
        acs_url: acs(),
        sp_entity_id: entity(),
      });
      const meta = await app.request(`/api/auth/sso/saml/metadata/${samlProviderId}`);
      expect(meta.status).toBe(200);
      const xml = await meta.text();
      expect(xml).toContain(`entityID="${entity()}"`);
      expect(xml).toContain(`Location="${acs()}"`);
      expect((await app.request(`/api/auth/sso/saml/metadata/${oidcProviderId}`)).status).toBe(404);
      // The OIDC provider was first; make SAML the one find-sso-provider answers.
      await call(alice, 'DELETE', `/v1/workspace/identity-providers/${oidcProviderId}`);
      expect(
        (await call(null, 'GET', `/v1/workspace/find-sso-provider?email=x@${DOMAIN}`)).body,
      ).toMatchObject({ provider_id: samlProviderId, type: 'saml' });
    });

    it('signs a member in through the IdP sign-in page and its signed assertion', async () => {
      const email = acmeEmail('saml');
      const { jar, url } = await start(samlProviderId);
      const page = await fetch(url);
      const action = /action="([^"]+)"/.exec(await page.text())![1]!;
      const answer = await fetch(new URL(action, url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email }).toString(),
      });
      const html = await answer.text();
      expect(html).toContain(`action="${acs()}"`);
      const samlResponse = /name="SAMLResponse" value="([^"]+)"/.exec(html)![1]!;
      const relay = /name="RelayState" value="([^"]*)"/.exec(html)![1]!;
      expect(await post(jar, samlResponse, relay)).toBe('/app/home');
      expect((await me(jar)).body.email).toBe(email);

      // The same response again (a replay, even with a fresh attempt's state) is refused.
      const again = await startSaml();
      expect(errorOf(await post(again.jar, samlResponse, again.relayState)).code).toBe(
        'saml_response_invalid',
      );
    });

    it('refuses a bad signature, a wrong audience and a replayed assertion id', async () => {
      const email = acmeEmail('samlbad');
      const other = await idp.otherKey();
      const a = await startSaml();
      const forged = idp.response({
        email,
        acsUrl: acs(),
        audience: entity(),
        inResponseTo: a.requestId,
        signWith: other,
      });
      const l1 = await post(a.jar, forged, a.relayState);
      expect(errorOf(l1).code).toBe('saml_response_invalid');
      expect(a.jar.has('session_token')).toBe(false);

      const b = await startSaml();
      const wrongAudience = idp.response({
        email,
        acsUrl: acs(),
        audience: 'https://someone-else.example/sp',
        inResponseTo: b.requestId,
      });
      expect(errorOf(await post(b.jar, wrongAudience, b.relayState)).code).toBe('saml_response_invalid');

      // A valid assertion whose id was already used is refused by the replay cache, even for a new request.
      const assertionId = `_replay${Date.now()}`;
      const c = await startSaml();
      const first = idp.response({
        email,
        acsUrl: acs(),
        audience: entity(),
        inResponseTo: c.requestId,
        assertionId,
      });
      expect(await post(c.jar, first, c.relayState)).toBe('/app/home');
      const d = await startSaml();
      const replay = idp.response({
        email,
        acsUrl: acs(),
        audience: entity(),
        inResponseTo: d.requestId,
        assertionId,
      });
      expect(errorOf(await post(d.jar, replay, d.relayState)).code).toBe('saml_assertion_replayed');
      const [kept] = await app.database.db
        .select()
        .from(samlAssertionReplays)
        .where(eq(samlAssertionReplays.assertionId, assertionId));
      expect(kept?.providerId).toBe(samlProviderId);
    });
  });
});
