import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceDomains } from '../../db/schema/sso';
import { auditLogEntries } from '../../db/schema/workspace-admin';
import { jobs } from '../../jobs/runner';
import { LocalFileStorage } from '../../storage/local-files';
import { startDnsStandIn, type DnsStandIn } from '../../testing/dns-stand-in';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { domainRecheckJob, recheckDomains } from './domain-recheck.job';

const GONE = 'gone-recheck.test';
const KEPT = 'kept-recheck.test';
const OTHER = 'other-recheck.test';
// Any stored certificate will do: no sign-in happens here, find-sso-provider only names the provider.
const CERT = `-----BEGIN CERTIFICATE-----\n${'QUJD'.repeat(40)}\n-----END CERTIFICATE-----`;

describe(`re-checking verified domains on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let dns: DnsStandIn;
  let alice: TestUser; // admin of the workspace that loses GONE
  let bob: TestUser; // another workspace, its domain stays
  let providerId: string;

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
  const verify = async (u: TestUser, domain: string) => {
    const added = await call(u, 'POST', '/v1/workspace/domain-verifications', { domain });
    dns.records.set(added.body.txt_record_name, [added.body.txt_record_value]);
    const ok = await call(u, 'POST', `/v1/workspace/domain-verifications/${added.body.domain_id}/verify`);
    expect(ok.body.verified).toBe(true);
    return added.body.txt_record_name as string;
  };
  const find = async (email: string) =>
    (await call(null, 'GET', `/v1/workspace/find-sso-provider?email=${encodeURIComponent(email)}`)).body;
  const domainRow = async (domain: string) =>
    (await app.database.db.select().from(workspaceDomains).where(eq(workspaceDomains.domain, domain)))[0]!;
  const runJob = () =>
    domainRecheckJob.perform(
      {},
      {
        db: app.database.db,
        config: app.config,
        bus: app.bus,
        files: new LocalFileStorage(os.tmpdir()),
        log: pino({ level: 'silent' }),
        attempt: 1,
        maxAttempts: 3,
      },
    );

  beforeAll(async () => {
    dns = await startDnsStandIn();
    app = await startTestApp({ env: { DNS_SERVERS: dns.server } });
    [alice, bob] = [await createTestUser(app), await createTestUser(app)];
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await dns?.close();
  });

  it('a domain whose TXT record is gone becomes unverified, stops routing to SSO, and its admins hear of it', async () => {
    const goneRecord = await verify(alice, GONE);
    await verify(alice, KEPT);
    await verify(bob, OTHER);
    const made = await call(alice, 'POST', '/v1/workspace/identity-providers', {
      type: 'saml',
      identity_provider_entity_id: 'https://idp.example/metadata',
      sso_url: 'https://idp.example/sso',
      certificate: CERT,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    providerId = made.body.provider_id;
    expect((await find(`a@${GONE}`)).provider_id).toBe(providerId);

    dns.records.delete(goneRecord);
    const before = (await domainRow(KEPT)).lastCheckedAt!;
    await runJob();

    const gone = await domainRow(GONE);
    expect(gone.verifiedAt).toBeNull();
    expect(gone.lastCheckedAt).not.toBeNull();
    const kept = await domainRow(KEPT);
    expect(kept.verifiedAt).not.toBeNull();
    expect(kept.lastCheckedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect((await domainRow(OTHER)).verifiedAt).not.toBeNull();

    // SSO no longer applies to the domain; the other domain still routes.
    expect(await find(`a@${GONE}`)).toMatchObject({ provider_id: null, sso_required: false });
    expect((await find(`a@${KEPT}`)).provider_id).toBe(providerId);
    const listed = await call(alice, 'GET', '/v1/workspace/domain-verifications');
    expect(listed.body.domains.find((d: { domain: string }) => d.domain === GONE).verified).toBe(false);

    const [entry] = await app.database.db
      .select()
      .from(auditLogEntries)
      .where(
        and(
          eq(auditLogEntries.workspaceId, alice.workspaceId),
          eq(auditLogEntries.activityName, 'domain_unverified'),
        ),
      );
    expect(entry?.metadata).toEqual({ domain: GONE });

    const aliceMessages = (await call(alice, 'GET', '/v1/messages')).body.messages as { title: string }[];
    expect(aliceMessages.map((m) => m.title)).toContain(`Domain ${GONE} is no longer verified`);
    const bobMessages = (await call(bob, 'GET', '/v1/messages')).body.messages as { title: string }[];
    expect(bobMessages.some((m) => m.title.includes('no longer verified'))).toBe(false);

    // Running again changes nothing more (no second notice).
    await runJob();
    const again = (await call(alice, 'GET', '/v1/messages')).body.messages as { title: string }[];
    expect(again.filter((m) => m.title === `Domain ${GONE} is no longer verified`)).toHaveLength(1);
  });

  it('a failed lookup proves nothing: the domain stays verified', async () => {
    const outcome = await recheckDomains(
      { db: app.database.db, bus: app.bus, log: pino({ level: 'silent' }) },
      async () => {
        throw Object.assign(new Error('timeout'), { code: 'ETIMEOUT' });
      },
    );
    expect(outcome.unverified).toEqual([]);
    expect(outcome.failed).toBe(2); // KEPT and OTHER
    expect((await domainRow(KEPT)).verifiedAt).not.toBeNull();
  });

  it('is among the scheduled jobs of the worker', () => {
    expect(jobs.filter((j) => j.cron).map((j) => j.name)).toContain('sso.recheck-domains');
  });
});
