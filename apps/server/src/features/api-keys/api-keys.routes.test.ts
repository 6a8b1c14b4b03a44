import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema/api-keys';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { chargeApiKeyCharacters, refundApiKeyCharacters } from './api-keys.service';

type Key = {
  key_id: string;
  name: string;
  hint: string;
  permissions?: string[];
  character_limit: number | null;
  character_count: number;
  is_disabled: boolean;
  created_at_unix: number;
  last_used_at_unix: number | null;
};

describe(`API keys on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    app = await startTestApp();
    alice = await createTestUser(app);
    bob = await createTestUser(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const keysPath = (user: TestUser, id?: string) =>
    `/v1/service-accounts/${user.id}/api-keys${id ? `/${id}` : ''}`;
  const call = (
    method: string,
    path: string,
    body?: unknown,
    auth: Record<string, string> = { cookie: alice.cookie },
  ) =>
    app.request(path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...auth },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const create = async (body: unknown) => {
    const res = await call('POST', keysPath(alice), body);
    expect(res.status).toBe(200);
    return (await res.json()) as { 'xi-api-key': string; key_id: string };
  };
  const list = async () =>
    ((await (await call('GET', keysPath(alice))).json()) as { 'api-keys': Key[] })['api-keys'];
  const userWith = (key: string) => app.request('/v1/user', { headers: { 'xi-api-key': key } });

  it('creates a key shown once, stores only its hash, and the key works through xi-api-key', async () => {
    const created = await create({ name: 'CI', permissions: 'all' });
    expect(created['xi-api-key']).toMatch(/^sk_[0-9a-f]{48}$/);
    const [row] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.key_id));
    expect(JSON.stringify(row)).not.toContain(created['xi-api-key']);

    const listed = (await list()).find((k) => k.key_id === created.key_id)!;
    expect(listed).toMatchObject({
      name: 'CI',
      hint: `sk_...${created['xi-api-key'].slice(-4)}`,
      character_limit: null,
      character_count: 0,
      is_disabled: false,
      last_used_at_unix: null,
    });
    expect(listed).not.toHaveProperty('permissions'); // every scope
    expect(JSON.stringify(await list())).not.toContain(created['xi-api-key']);

    expect((await userWith(created['xi-api-key'])).status).toBe(200);
    const used = (await list()).find((k) => k.key_id === created.key_id)!;
    expect(used.last_used_at_unix).toBeGreaterThan(0);
  });

  it('edits name, permissions and character limit; no_update and clear behave as in the SDK', async () => {
    const { key_id } = await create({ name: 'Old', permissions: ['text_to_speech'], character_limit: 100 });
    let res = await call('PATCH', keysPath(alice, key_id), {
      name: 'New',
      permissions: ['voices_read', 'models_read'],
      character_limit: 500,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: 'New',
      permissions: ['voices_read', 'models_read'],
      character_limit: 500,
    });
    res = await call('PATCH', keysPath(alice, key_id), {
      permissions: 'no_update',
      character_limit: 'clear',
    });
    expect(await res.json()).toMatchObject({
      name: 'New',
      permissions: ['voices_read', 'models_read'],
      character_limit: null,
    });
    res = await call('PATCH', keysPath(alice, key_id), { permissions: 'all' });
    expect(await res.json()).not.toHaveProperty('permissions');
  });

  it('rejects invalid input with the validation shape', async () => {
    for (const body of [
      { name: '', permissions: 'all' },
      { name: 'x', permissions: ['fly'] },
      { name: 'x' },
    ]) {
      const res = await call('POST', keysPath(alice), body);
      expect(res.status).toBe(422);
      expect(Array.isArray(((await res.json()) as { detail: unknown }).detail)).toBe(true);
    }
    const res = await call('PATCH', keysPath(alice, 'x'), { character_limit: -1 });
    expect(res.status).toBe(422);
  });

  it('answers 401 for a disabled key and again works once it is enabled', async () => {
    const created = await create({ name: 'Toggle', permissions: 'all' });
    await call('PATCH', keysPath(alice, created.key_id), { is_enabled: false });
    const res = await userWith(created['xi-api-key']);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { detail: { status: string } }).detail.status).toBe('unauthorized');
    expect((await list()).find((k) => k.key_id === created.key_id)!.is_disabled).toBe(true);
    await call('PATCH', keysPath(alice, created.key_id), { is_enabled: true });
    expect((await userWith(created['xi-api-key'])).status).toBe(200);
  });

  it('deletes a key: it stops working at once and a second delete is 404', async () => {
    const created = await create({ name: 'Gone', permissions: 'all' });
    const res = await call('DELETE', keysPath(alice, created.key_id));
    expect(res.status).toBe(200);
    expect((await userWith(created['xi-api-key'])).status).toBe(401);
    const again = await call('DELETE', keysPath(alice, created.key_id));
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({
      detail: { status: 'api_key_not_found', message: 'API key not found.' },
    });
  });

  it("never shows, edits or deletes another user's keys", async () => {
    const { key_id } = await create({ name: 'Mine', permissions: 'all' });
    const asBob = { cookie: bob.cookie };
    expect((await call('GET', keysPath(alice), undefined, asBob)).status).toBe(404);
    expect((await call('PATCH', keysPath(bob, key_id), { name: 'x' }, asBob)).status).toBe(404);
    expect((await call('DELETE', keysPath(bob, key_id), undefined, asBob)).status).toBe(404);
    expect((await list()).some((k) => k.key_id === key_id && k.name === 'Mine')).toBe(true);
    expect((await call('GET', keysPath(alice), undefined, {})).status).toBe(401);
  });

  it('lets only a key with the create_user_api_key scope manage keys', async () => {
    const narrow = await create({ name: 'TTS only', permissions: ['text_to_speech'] });
    const res = await call('GET', keysPath(alice), undefined, { 'xi-api-key': narrow['xi-api-key'] });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { detail: { status: string } }).detail.status).toBe('missing_permissions');
    const manager = await create({ name: 'Keys', permissions: ['create_user_api_key'] });
    expect(
      (await call('GET', keysPath(alice), undefined, { 'xi-api-key': manager['xi-api-key'] })).status,
    ).toBe(200);
  });

  it('lets a key hand out only the permissions it has itself', async () => {
    const manager = await create({ name: 'Manager', permissions: ['create_user_api_key', 'text_to_speech'] });
    const other = await create({ name: 'Other', permissions: ['text_to_speech'] });
    const asManager = { 'xi-api-key': manager['xi-api-key'] };
    const missing = (permission: string) => ({
      detail: {
        status: 'missing_permissions',
        message: `The API key you used is missing the permission ${permission} to execute this operation.`,
      },
    });
    let res = await call(
      'POST',
      keysPath(alice),
      { name: 'Speech', permissions: ['text_to_speech'] },
      asManager,
    );
    expect(res.status).toBe(200);
    for (const [method, path, body, permission] of [
      [
        'POST',
        keysPath(alice),
        { name: 'More', permissions: ['text_to_speech', 'user_write'] },
        'user_write',
      ],
      ['POST', keysPath(alice), { name: 'All', permissions: 'all' }, 'speech_to_speech'],
      ['PATCH', keysPath(alice, manager.key_id), { permissions: 'all' }, 'speech_to_speech'],
      ['PATCH', keysPath(alice, other.key_id), { permissions: ['voices_write'] }, 'voices_write'],
    ] as const) {
      res = await call(method, path, body, asManager);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(missing(permission));
    }
    // Nothing changed: the manager and the other key keep their permissions.
    const keys = await list();
    expect(keys.find((k) => k.key_id === manager.key_id)!.permissions).toEqual([
      'create_user_api_key',
      'text_to_speech',
    ]);
    expect(keys.find((k) => k.key_id === other.key_id)!.permissions).toEqual(['text_to_speech']);
    // Renaming or narrowing within its own permissions is fine; a session may grant anything.
    res = await call('PATCH', keysPath(alice, other.key_id), { name: 'Renamed', permissions: [] }, asManager);
    expect(res.status).toBe(200);
    expect((await call('PATCH', keysPath(alice, other.key_id), { permissions: 'all' })).status).toBe(200);
  });

  it('keeps a key with a character limit from creating keys or lifting limits', async () => {
    const limited = await create({ name: 'Limited manager', permissions: 'all', character_limit: 10 });
    const asLimited = { 'xi-api-key': limited['xi-api-key'] };
    const refused = {
      detail: {
        status: 'character_limited_key',
        message: 'An API key with a character limit cannot create keys or change character limits.',
      },
    };
    for (const [method, path, body] of [
      ['POST', keysPath(alice), { name: 'Unlimited', permissions: 'all' }],
      ['POST', keysPath(alice), { name: 'Also limited', permissions: 'all', character_limit: 5 }],
      ['PATCH', keysPath(alice, limited.key_id), { character_limit: 'clear' }],
      ['PATCH', keysPath(alice, limited.key_id), { character_limit: 1_000_000 }],
    ] as const) {
      const res = await call(method, path, body, asLimited);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(refused);
    }
    expect((await list()).find((k) => k.key_id === limited.key_id)!.character_limit).toBe(10);
    const renamed = await call(
      'PATCH',
      keysPath(alice, limited.key_id),
      { name: 'Still limited' },
      asLimited,
    );
    expect(renamed.status).toBe(200);
  });

  it('refuses key names with bidi overrides or invisible characters (422 naming the character)', async () => {
    for (const [name, found] of [
      ['invoice\u202Efdp.exe', 'U+202E'],
      ['isolated \u2067name\u2069', 'U+2067'],
      ['zero\u200Bwidth', 'U+200B'],
    ] as const) {
      const res = await call('POST', keysPath(alice), { name, permissions: 'all' });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { detail: { loc: string[]; msg: string }[] };
      expect(body.detail[0]).toMatchObject({
        loc: ['body', 'name'],
        msg: `Names cannot contain invisible, control or text-direction characters (found ${found}).`,
      });
    }
    const { key_id } = await create({ name: 'Plain', permissions: 'all' });
    expect((await call('PATCH', keysPath(alice, key_id), { name: 'a\u202Db' })).status).toBe(422);
  });

  it('parses with the official SDK: client.serviceAccounts.apiKeys.list/create/delete', async () => {
    const client = new ElevenLabsClient({ apiKey: alice.apiKey, baseUrl: app.url });
    const created = await client.serviceAccounts.apiKeys.create(alice.id, {
      name: 'SDK',
      permissions: 'all',
    });
    expect(created.xiApiKey).toMatch(/^sk_/);
    const listed = await client.serviceAccounts.apiKeys.list(alice.id);
    const found = listed.apiKeys.find((k) => k.keyId === created.keyId)!;
    expect(found.name).toBe('SDK');
    expect(found.serviceAccountUserId).toBe(alice.id);
    await client.serviceAccounts.apiKeys.update(alice.id, created.keyId, {
      name: 'SDK 2',
      characterLimit: 10,
    });
    await client.serviceAccounts.apiKeys.delete(alice.id, created.keyId);
    expect(
      (await client.serviceAccounts.apiKeys.list(alice.id)).apiKeys.some((k) => k.keyId === created.keyId),
    ).toBe(false);
  });

  it('charges characters to a key within its limit, refuses past it with quota_exceeded, and refunds', async () => {
    const { key_id } = await create({ name: 'Limited', permissions: 'all', character_limit: 10 });
    const caller = { via: 'api_key' as const, keyId: key_id };
    const db = app.database.db;
    await chargeApiKeyCharacters(db, caller, 6);
    await expect(chargeApiKeyCharacters(db, caller, 5)).rejects.toMatchObject({
      statusCode: 401,
      code: 'quota_exceeded',
      message:
        "This request exceeds your API key's character limit. You have 4 characters remaining, while 5 characters are required for this request.",
    });
    await Promise.allSettled([1, 2, 3, 4, 5, 6].map(() => chargeApiKeyCharacters(db, caller, 1)));
    expect((await list()).find((k) => k.key_id === key_id)!.character_count).toBe(10);
    await refundApiKeyCharacters(db, caller, 3);
    await chargeApiKeyCharacters(db, caller, 3);
    // Sessions and keys without a limit are never refused.
    await chargeApiKeyCharacters(db, { via: 'session' }, 1_000_000);
  });
});
