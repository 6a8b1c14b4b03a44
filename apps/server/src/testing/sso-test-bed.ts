import { eq } from 'drizzle-orm';
import { workspaces } from '../db/schema/workspaces';
import { startDnsStandIn, type DnsStandIn } from './dns-stand-in';
import { freePort } from './free-port';
import { startOidcStandIn, type OidcStandIn } from './oidc-stand-in';
import { startSamlIdpStandIn, type SamlIdpStandIn } from './saml-idp-stand-in';
import { createTestUser, startTestApp, type TestApp, type TestUser } from './test-app';

export type SsoTestBed = {
  app: TestApp;
  oidc: OidcStandIn;
  dns: DnsStandIn;
  idp: SamlIdpStandIn;
  /** Admin of a Scale workspace named `name` with seats to spare. */
  alice: TestUser;
  /** Admin of another workspace. */
  bob: TestUser;
  close(): Promise<void>;
};

/**
 * The app with an OIDC and a SAML identity provider and a DNS server standing in on loopback (the providers
 * must know the app's origin, so its port is chosen first), and two workspaces' admins.
 */
export async function startSsoTestBed(name: string): Promise<SsoTestBed> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const [oidc, dns, idp] = await Promise.all([
    startOidcStandIn({ appOrigin: origin }),
    startDnsStandIn(),
    startSamlIdpStandIn(),
  ]);
  const app = await startTestApp({
    env: {
      PORT: String(port),
      PUBLIC_URL: origin,
      DNS_SERVERS: dns.server,
      SSO_ALLOW_PRIVATE_ISSUERS: 'true',
    },
  });
  const [alice, bob] = [await createTestUser(app), await createTestUser(app)];
  await app.database.db
    .update(workspaces)
    .set({ subscriptionTier: 'scale_2024_08_10', name, extraSeats: 20 })
    .where(eq(workspaces.id, alice.workspaceId));
  return {
    app,
    oidc,
    dns,
    idp,
    alice,
    bob,
    async close() {
      await app.close();
      await Promise.all([oidc.close(), dns.close(), idp.close()]);
    },
  };
}
