import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

// Webhook, service-account and API-key changes land in the workspace's audit log (decision 112), read by its
// admin; another workspace's log does not show them.
describe(`audit entries of webhooks, service accounts and API keys on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let admin: TestUser;
  let other: TestUser;

  const call = async (u: TestUser, method: string, path: string, body?: unknown) => {
    const res = await app.request(path, {
      method,
      headers: {
        'xi-api-key': u.apiKey,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };

  beforeAll(async () => {
    app = await startTestApp();
    [admin, other] = [await createTestUser(app), await createTestUser(app)];
  });
  afterAll(() => app?.close());

  it('records who created and deleted each, with the ids involved', async () => {
    const hook = await call(admin, 'POST', '/v1/workspace/webhooks', {
      settings: {
        auth_type: 'hmac',
        name: 'Audit receiver',
        webhook_url: 'https://hooks.example.com/vocalis',
      },
      events: ['speech_to_text'],
    });
    expect(hook.status).toBe(200);
    const webhookId = hook.body.webhook_id as string;
    expect((await call(admin, 'DELETE', `/v1/workspace/webhooks/${webhookId}`)).status).toBe(200);
    const sa = await call(admin, 'POST', '/v1/service-accounts', { name: 'Pipeline' });
    expect(sa.status).toBe(200);
    const saId = sa.body['service-account-user-id'] as string;
    const key = await call(admin, 'POST', `/v1/service-accounts/${saId}/api-keys`, {
      name: 'ci',
      permissions: 'all',
    });
    expect(key.status).toBe(200);
    expect((await call(admin, 'DELETE', `/v1/service-accounts/${saId}`)).status).toBe(200);

    const log = await call(admin, 'GET', '/v1/workspace/audit-logs?limit=100');
    const entries = log.body.entries as {
      activity_name: string;
      class_name: string;
      actor: { user: { email_addr: string } };
    }[];
    const wanted = [
      'service_account_deleted',
      'api_key_created',
      'service_account_created',
      'webhook_deleted',
      'webhook_created',
    ];
    expect(entries.map((e) => e.activity_name).filter((n) => wanted.includes(n))).toEqual(wanted);
    const created = entries.find((e) => e.activity_name === 'webhook_created')!;
    expect(created.class_name).toBe('webhook');
    expect(created.actor.user.email_addr).toBe(admin.email);
    expect(JSON.stringify(entries.find((e) => e.activity_name === 'service_account_deleted'))).toContain(
      saId,
    );
    const theirs = await call(other, 'GET', '/v1/workspace/audit-logs?limit=100');
    expect((theirs.body.entries as { activity_name: string }[]).map((e) => e.activity_name)).not.toContain(
      'webhook_created',
    );
  });
});
