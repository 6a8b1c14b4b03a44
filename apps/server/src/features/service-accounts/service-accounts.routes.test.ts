import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageRecords } from '../../db/schema/usage';
import { workspaceMembers } from '../../db/schema/workspaces';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

const SUSAN = 'zjugDQR69KeBdVlIC4vX'; // Flite slt
type Detail = { detail: { status: string; message: string } };

async function failure(p: Promise<unknown>) {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ElevenLabsError);
  return { status: (e as ElevenLabsError).statusCode, body: (e as ElevenLabsError).body as Detail };
}

describe(`service accounts on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let otherClient: ElevenLabsClient;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    otherClient = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
  }, 60_000);
  afterAll(() => app?.close());

  it('creates a service account and its limited key with the SDK; the key speaks for the workspace, its usage attributed to the account', async () => {
    const { serviceAccountUserId: sa } = await client.serviceAccounts.create({ name: 'CI bot' });
    const created = await client.serviceAccounts.apiKeys.create(sa, {
      name: 'ci',
      permissions: ['text_to_speech'],
      characterLimit: 40,
    });
    expect(created.xiApiKey).toMatch(/^sk_/);
    const { apiKeys } = await client.serviceAccounts.apiKeys.list(sa);
    expect(apiKeys).toEqual([
      expect.objectContaining({
        name: 'ci',
        keyId: created.keyId,
        serviceAccountUserId: sa,
        permissions: ['text_to_speech'],
        characterLimit: 40,
        characterCount: 0,
      }),
    ]);
    const { serviceAccounts } = await client.serviceAccounts.list();
    expect(serviceAccounts).toEqual([
      expect.objectContaining({
        serviceAccountUserId: sa,
        name: 'CI bot',
        apiKeys: [expect.objectContaining({ keyId: created.keyId })],
      }),
    ]);

    const bot = new ElevenLabsClient({ apiKey: created.xiApiKey, baseUrl: app.url });
    const text = 'Build 42 passed.';
    const audio = await bot.textToSpeech.convert(SUSAN, { text });
    expect((await new Response(audio).arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const [record] = await app.database.db
      .select()
      .from(usageRecords)
      .where(and(eq(usageRecords.userId, sa), eq(usageRecords.apiKeyId, created.keyId)));
    expect(record).toMatchObject({ workspaceId: owner.workspaceId, characters: text.length });

    // Its permissions and character limit hold.
    const denied = await failure(bot.voices.search());
    expect(denied.status).toBe(401);
    expect(denied.body.detail.status).toBe('missing_permissions');
    const over = await failure(
      bot.textToSpeech.convert(SUSAN, { text: 'This sentence is longer than what is left.' }),
    );
    expect(over.status).toBe(401);
    expect(over.body.detail.status).toBe('quota_exceeded');

    // The admin raises the limit with the SDK, then deletes the account: its key stops working at once.
    await client.serviceAccounts.apiKeys.update(sa, created.keyId, { characterLimit: 1000 });
    expect((await client.serviceAccounts.apiKeys.list(sa)).apiKeys[0]).toMatchObject({
      characterLimit: 1000,
    });
    const del = await app.request(`/v1/service-accounts/${sa}`, {
      method: 'DELETE',
      headers: { 'xi-api-key': owner.apiKey },
    });
    expect(del.status).toBe(200);
    expect((await failure(bot.textToSpeech.convert(SUSAN, { text: 'Hi.' }))).status).toBe(401);
    expect((await client.serviceAccounts.list()).serviceAccounts).toEqual([]);
    expect((await failure(client.serviceAccounts.apiKeys.list(sa))).status).toBe(404);
    // Usage stays attributed to the deleted account.
    const [kept] = await app.database.db.select().from(usageRecords).where(eq(usageRecords.userId, sa));
    expect(kept).toBeDefined();
  }, 60_000);

  it("keeps another workspace's service accounts and their keys out of reach (404)", async () => {
    const { serviceAccountUserId: sa } = await client.serviceAccounts.create({ name: 'Private bot' });
    const { keyId } = await client.serviceAccounts.apiKeys.create(sa, { name: 'k', permissions: 'all' });
    expect((await otherClient.serviceAccounts.list()).serviceAccounts).toEqual([]);
    const notFound = {
      detail: { status: 'service_account_not_found', message: 'Service account not found.' },
    };
    for (const attempt of [
      () => otherClient.serviceAccounts.apiKeys.list(sa),
      () => otherClient.serviceAccounts.apiKeys.create(sa, { name: 'mine now', permissions: 'all' }),
      () => otherClient.serviceAccounts.apiKeys.update(sa, keyId, { isEnabled: false }),
      () => otherClient.serviceAccounts.apiKeys.delete(sa, keyId),
    ]) {
      const f = await failure(attempt());
      expect(f.status).toBe(404);
      expect(f.body).toEqual(notFound);
    }
    const del = await app.request(`/v1/service-accounts/${sa}`, {
      method: 'DELETE',
      headers: { 'xi-api-key': other.apiKey },
    });
    expect(del.status).toBe(404);
    expect(await del.json()).toEqual(notFound);
    const { apiKeys } = await client.serviceAccounts.apiKeys.list(sa);
    expect(apiKeys).toEqual([expect.objectContaining({ keyId, isDisabled: false })]);
  });

  it("lets a service account's own key administer nothing: not the workspace's webhooks or service accounts", async () => {
    const { serviceAccountUserId: sa } = await client.serviceAccounts.create({ name: 'Worker' });
    const { xiApiKey } = await client.serviceAccounts.apiKeys.create(sa, { name: 'all', permissions: 'all' });
    const bot = new ElevenLabsClient({ apiKey: xiApiKey, baseUrl: app.url });
    // It is a user of this workspace, and stays one: reading itself makes no personal workspace.
    expect((await bot.user.get()).userId).toBe(sa);
    const memberships = await app.database.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, sa));
    expect(memberships).toEqual([
      expect.objectContaining({ workspaceId: owner.workspaceId, role: 'editor' }),
    ]);
    for (const attempt of [
      () => bot.serviceAccounts.list(),
      () => bot.webhooks.list(),
      () => bot.serviceAccounts.create({ name: 'x' }),
    ]) {
      const f = await failure(attempt());
      expect(f.status).toBe(403);
      expect(f.body.detail.status).toBe('workspace_admin_required');
    }
  });

  it('refuses an empty or invisible name and writes nothing', async () => {
    for (const name of ['', '   ', '\u202Ebot']) {
      const res = await app.request('/v1/service-accounts', {
        method: 'POST',
        headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      expect(res.status, JSON.stringify(name)).toBe(422);
    }
    const names = (await client.serviceAccounts.list()).serviceAccounts.map((s) => s.name);
    expect(names).not.toContain('');
  });

  it('keeps service accounts out of the member list and the seat count (they hold no seat)', async () => {
    const before = (await (
      await app.request('/v1/workspace/seats', { headers: { 'xi-api-key': other.apiKey } })
    ).json()) as { used: number };
    const { serviceAccountUserId: sa } = await otherClient.serviceAccounts.create({ name: 'Nightly' });
    const seats = (await (
      await app.request('/v1/workspace/seats', { headers: { 'xi-api-key': other.apiKey } })
    ).json()) as { used: number };
    expect(seats.used).toBe(before.used);
    const members = await otherClient.workspace.members.list();
    expect(JSON.stringify(members)).not.toContain(sa);
    // It is a member for the purposes of its keys, though.
    const [row] = await app.database.db
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.userId, sa), eq(workspaceMembers.workspaceId, other.workspaceId)));
    expect(row?.role).toBe('editor');
  });
});
