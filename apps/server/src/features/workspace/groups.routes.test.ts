import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceMembers } from '../../db/schema/workspaces';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

// Two workspaces: A (admin alice, editor bob) and B (carol's own).
describe(`workspace groups on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  const sdk = (u: TestUser) => new ElevenLabsClient({ apiKey: u.apiKey, baseUrl: app.url });

  beforeAll(async () => {
    app = await startTestApp();
    [alice, bob, carol] = [await createTestUser(app), await createTestUser(app), await createTestUser(app)];
    // bob joins A as an editor and works there.
    await app.database.db
      .insert(workspaceMembers)
      .values({ workspaceId: alice.workspaceId, userId: bob.id, role: 'editor' });
    await call(bob, 'POST', '/v1/workspace/switch', { workspace_id: alice.workspaceId });
  });
  afterAll(() => app?.close());

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

  it('an admin creates, fills, renames and deletes a group; the SDK lists and searches it', async () => {
    const created = await call(alice, 'POST', '/v1/workspace/groups', { name: 'Narrators' });
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    await sdk(alice).workspace.groups.members.add(id, { email: bob.email });
    await sdk(alice).workspace.groups.members.add(id, { email: alice.email });
    const listed = await sdk(alice).workspace.groups.list();
    expect(listed[id]).toMatchObject({ name: 'Narrators', members: [alice.email, bob.email].sort() });
    const found = await sdk(bob).workspace.groups.search({ name: 'narr' });
    expect(found).toEqual([{ id, name: 'Narrators', membersEmails: [alice.email, bob.email].sort() }]);
    expect((await call(alice, 'POST', '/v1/workspace/groups', { name: 'Narrators' })).status).toBe(409);
    expect((await call(alice, 'PATCH', `/v1/workspace/groups/${id}`, { name: 'Voices' })).status).toBe(200);
    await sdk(alice).workspace.groups.members.remove(id, { email: bob.email });
    expect((await sdk(alice).workspace.groups.list())[id]).toMatchObject({
      name: 'Voices',
      members: [alice.email],
    });
    // Only members of the workspace can join.
    expect(
      (await call(alice, 'POST', `/v1/workspace/groups/${id}/members`, { email: carol.email })).status,
    ).toBe(404);
    expect((await call(alice, 'DELETE', `/v1/workspace/groups/${id}`)).status).toBe(200);
    expect(await sdk(alice).workspace.groups.list()).toEqual({});
    const log = await call(alice, 'GET', '/v1/workspace/audit-logs?class_name=workspace_group&limit=100');
    expect(log.body.entries.map((e: { activity_name: string }) => e.activity_name)).toEqual([
      'group_deleted',
      'group_member_removed',
      'group_renamed',
      'group_member_added',
      'group_member_added',
      'group_created',
    ]);
  });

  it('an editor reads groups but cannot change them; another workspace cannot see or touch them', async () => {
    const { body } = await call(alice, 'POST', '/v1/workspace/groups', { name: 'Editors' });
    const id = body.id as string;
    expect((await call(bob, 'GET', '/v1/workspace/groups')).body[id].name).toBe('Editors');
    for (const [method, path, b] of [
      ['POST', '/v1/workspace/groups', { name: 'Mine' }],
      ['PATCH', `/v1/workspace/groups/${id}`, { name: 'Mine' }],
      ['DELETE', `/v1/workspace/groups/${id}`, undefined],
      ['POST', `/v1/workspace/groups/${id}/members`, { email: bob.email }],
      ['POST', `/v1/workspace/groups/${id}/members/remove`, { email: bob.email }],
    ] as const) {
      expect([method, path, (await call(bob, method, path, b)).status]).toEqual([method, path, 403]);
    }
    expect(await sdk(carol).workspace.groups.list()).toEqual({});
    expect((await call(carol, 'PATCH', `/v1/workspace/groups/${id}`, { name: 'Taken' })).status).toBe(404);
    expect((await call(carol, 'DELETE', `/v1/workspace/groups/${id}`)).status).toBe(404);
    expect(
      (await call(carol, 'POST', `/v1/workspace/groups/${id}/members`, { email: carol.email })).status,
    ).toBe(404);
    expect((await call(alice, 'POST', '/v1/workspace/groups', { name: '' })).status).toBe(422);
  });

  it('API key and setting changes made through other features are audited in the current workspace', async () => {
    const created = await call(alice, 'POST', `/v1/service-accounts/${alice.id}/api-keys`, {
      name: 'CI',
      permissions: 'all',
    });
    expect(created.status).toBe(200);
    await call(alice, 'DELETE', `/v1/service-accounts/${alice.id}/api-keys/${created.body.key_id}`);
    await call(alice, 'POST', '/v1/workspace/training-opt-out', { training_opt_out: true });
    // A refused change writes nothing.
    expect(
      (await call(bob, 'POST', '/v1/workspace/training-opt-out', { training_opt_out: false })).status,
    ).toBe(403);
    const log = await sdk(alice).workspace.auditLogs.list({ limit: 3 });
    expect(log.entries.map((e) => [e.activityName, e.className])).toEqual([
      ['training_opt_out_changed', 'workspace_settings'],
      ['api_key_deleted', 'api_key'],
      ['api_key_created', 'api_key'],
    ]);
    expect(log.entries[1]!.metadata).toMatchObject({ api_key_id: created.body.key_id });
  });

  it('removing a member from the workspace drops them from its groups', async () => {
    const { body } = await call(alice, 'POST', '/v1/workspace/groups', { name: 'Leavers' });
    await call(alice, 'POST', `/v1/workspace/groups/${body.id}/members`, { email: bob.email });
    await call(alice, 'DELETE', '/v1/workspace/members', { email: bob.email });
    expect((await sdk(alice).workspace.groups.list())[body.id]!.members).toEqual([]);
    const [row] = await app.database.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, bob.id));
    expect(row?.workspaceId).toBe(bob.workspaceId);
  });
});
