import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyItems } from '../../db/schema/history';
import { voices } from '../../db/schema/voices';
import { workspaceResourceGrants } from '../../db/schema/workspace-admin';
import { workspaceMembers } from '../../db/schema/workspaces';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

// Three workspaces: A (owner alice, editors bob and dave), B (carol's own), C (dave's own, his second one).
describe(`workspace resource sharing on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let groupId: string;
  const sdk = (u: TestUser) => new ElevenLabsClient({ apiKey: u.apiKey, baseUrl: app.url });

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

  const addVoice = async (id: string, workspaceId: string, createdBy: string, name: string) => {
    await app.database.db.insert(voices).values({
      id,
      workspaceId,
      createdBy,
      name,
      category: 'cloned',
      profile: {
        version: 1,
        gender: 'female',
        measure: {},
        renderings: {
          flite: { voice: 'slt', prosody: { pitch: 1, rate: 1, pitchVariation: 1 }, brightnessDb: 0 },
          rhvoice: undefined,
          espeak: undefined,
        },
      },
    });
  };

  const addItem = async (id: string, workspaceId: string, userId: string, text: string) => {
    await app.database.db.insert(historyItems).values({
      id,
      workspaceId,
      userId,
      text,
      characterCountChangeFrom: 0,
      characterCountChangeTo: text.length,
      contentType: 'audio/mpeg',
      audioPath: `history/${workspaceId}/${id}.mp3`,
    });
  };

  const voiceIds = async (u: TestUser) => (await sdk(u).voices.getAll()).voices.map((v) => v.voiceId);
  const historyIds = async (u: TestUser) =>
    ((await call(u, 'GET', '/v1/history?page_size=100')).body.history as { history_item_id: string }[]).map(
      (h) => h.history_item_id,
    );

  beforeAll(async () => {
    app = await startTestApp();
    [alice, bob, carol, dave] = [
      await createTestUser(app),
      await createTestUser(app),
      await createTestUser(app),
      await createTestUser(app),
    ];
    for (const u of [bob, dave]) {
      await app.database.db
        .insert(workspaceMembers)
        .values({ workspaceId: alice.workspaceId, userId: u.id, role: 'editor' });
      expect(
        (await call(u, 'POST', '/v1/workspace/switch', { workspace_id: alice.workspaceId })).status,
      ).toBe(200);
    }
    groupId = (await call(alice, 'POST', '/v1/workspace/groups', { name: 'Narrators' })).body.id;
    expect(
      (await call(alice, 'POST', `/v1/workspace/groups/${groupId}/members`, { email: bob.email })).status,
    ).toBe(200);
    await addVoice('voiceAliceShare01', alice.workspaceId, alice.id, 'Alice narrator');
    await addVoice('voiceCarolOwn0001', carol.workspaceId, carol.id, 'Carol voice');
    await addItem('histAlice00000001', alice.workspaceId, alice.id, 'Alice said this.');
    await addItem('histBob0000000001', alice.workspaceId, bob.id, 'Bob said that.');
  });
  afterAll(() => app?.close());

  it('keeps content open to every member by default; only admins of a resource may share it', async () => {
    expect(await voiceIds(bob)).toContain('voiceAliceShare01');
    expect(await historyIds(dave)).toEqual(
      expect.arrayContaining(['histAlice00000001', 'histBob0000000001']),
    );
    const meta = await sdk(bob).workspace.resources.get('voiceAliceShare01', { resourceType: 'voice' });
    expect(meta).toMatchObject({
      resourceId: 'voiceAliceShare01',
      resourceName: 'Alice narrator',
      creatorUserId: alice.id,
    });
    const raw = await call(bob, 'GET', '/v1/workspace/resources/voiceAliceShare01?resource_type=voice');
    expect(raw.body).toMatchObject({
      baseline_role: 'editor',
      your_role: 'editor',
      creator_email: alice.email,
    });
    expect(raw.body.share_options).toEqual(
      expect.arrayContaining([
        { name: bob.email, id: bob.id, type: 'user' },
        { name: 'Narrators', id: groupId, type: 'group' },
      ]),
    );
    const refused = await call(bob, 'POST', '/v1/workspace/resources/voiceAliceShare01/share', {
      resource_type: 'voice',
      role: 'admin',
      user_email: dave.email,
    });
    expect(refused).toEqual({
      status: 403,
      body: {
        detail: {
          status: 'resource_access_forbidden',
          message: 'You need admin access to this resource to share it.',
        },
      },
    });
  });

  it('a private resource shows to its grantees only, and unsharing removes access at once', async () => {
    // alice makes the voice private (the SDK's group_id "default" is every member) and shares it with the group.
    await sdk(alice).workspace.resources.unshare('voiceAliceShare01', {
      resourceType: 'voice',
      groupId: 'default',
    });
    expect(await voiceIds(bob)).not.toContain('voiceAliceShare01');
    expect((await call(bob, 'GET', '/v1/voices/voiceAliceShare01')).status).toBe(404);
    await sdk(alice).workspace.resources.share('voiceAliceShare01', {
      resourceType: 'voice',
      role: 'viewer',
      groupId,
    });
    // bob (in the group) sees it; dave (not in it) does not.
    expect(await voiceIds(bob)).toContain('voiceAliceShare01');
    expect((await call(bob, 'GET', '/v1/voices/voiceAliceShare01')).body.name).toBe('Alice narrator');
    expect(await voiceIds(dave)).not.toContain('voiceAliceShare01');
    expect((await call(dave, 'GET', '/v1/voices/voiceAliceShare01')).status).toBe(404);
    // A viewer may not delete it.
    const del = await call(bob, 'DELETE', '/v1/voices/voiceAliceShare01');
    expect(del.status).toBe(403);
    expect(del.body.detail.message).toBe('You need editor access to this resource to delete it.');
    const meta = await call(alice, 'GET', '/v1/workspace/resources/voiceAliceShare01?resource_type=voice');
    expect(meta.body.role_to_group_ids).toEqual({ none: ['default'], viewer: [groupId] });
    expect(meta.body.baseline_role).toBe('none');

    await sdk(alice).workspace.resources.unshare('voiceAliceShare01', { resourceType: 'voice', groupId });
    expect(await voiceIds(bob)).not.toContain('voiceAliceShare01');
    expect((await call(bob, 'GET', '/v1/voices/voiceAliceShare01')).status).toBe(404);
    // Its creator and the workspace's admins keep it.
    expect(await voiceIds(alice)).toContain('voiceAliceShare01');
  });

  it('history items: a private item leaves lists and reads of non-grantees; a direct grant brings it back', async () => {
    const unshare = await call(alice, 'POST', '/v1/workspace/resources/histAlice00000001/unshare', {
      resource_type: 'history_item',
      group_id: 'default',
    });
    expect(unshare.status).toBe(200);
    expect(await historyIds(bob)).toEqual(['histBob0000000001']);
    expect((await call(bob, 'GET', '/v1/history/histAlice00000001')).status).toBe(404);
    expect((await call(bob, 'DELETE', '/v1/history/histAlice00000001')).status).toBe(404);
    const shared = await call(alice, 'POST', '/v1/workspace/resources/histAlice00000001/share', {
      resource_type: 'history_item',
      role: 'editor',
      user_email: bob.email,
    });
    expect(shared.status).toBe(200);
    expect(await historyIds(bob)).toEqual(expect.arrayContaining(['histAlice00000001', 'histBob0000000001']));
    expect(await historyIds(dave)).toEqual(['histBob0000000001']);
    expect((await call(bob, 'GET', '/v1/history/histAlice00000001')).body.text).toBe('Alice said this.');
    await call(alice, 'POST', '/v1/workspace/resources/histAlice00000001/unshare', {
      resource_type: 'history_item',
      user_email: bob.email,
    });
    expect(await historyIds(bob)).toEqual(['histBob0000000001']);
    // The creator cannot be unshared.
    const creator = await call(alice, 'POST', '/v1/workspace/resources/histAlice00000001/unshare', {
      resource_type: 'history_item',
      user_email: alice.email,
    });
    expect(creator.body.detail.message).toBe(
      'You cannot remove permissions from the user who created the resource.',
    );
  });

  it('another workspace gets 404 for the resource and cannot share into it', async () => {
    for (const [path, body] of [
      ['/v1/workspace/resources/voiceAliceShare01?resource_type=voice', undefined],
      ['/v1/workspace/resources/histBob0000000001?resource_type=history_item', undefined],
    ] as const) {
      const res = await call(carol, 'GET', path, body);
      expect(res).toEqual({
        status: 404,
        body: { detail: { status: 'resource_not_found', message: 'Resource not found.' } },
      });
    }
    const share = await call(carol, 'POST', '/v1/workspace/resources/voiceAliceShare01/share', {
      resource_type: 'voice',
      role: 'admin',
      user_email: carol.email,
    });
    expect(share.status).toBe(404);
    // alice cannot share her voice with a non-member, nor see carol's voice.
    const outsider = await call(alice, 'POST', '/v1/workspace/resources/voiceAliceShare01/share', {
      resource_type: 'voice',
      role: 'viewer',
      user_email: carol.email,
    });
    expect(outsider.status).toBe(404);
    expect(
      (await call(alice, 'GET', '/v1/workspace/resources/voiceCarolOwn0001?resource_type=voice')).status,
    ).toBe(404);
    expect(await voiceIds(carol)).toContain('voiceCarolOwn0001');
    expect(await voiceIds(carol)).not.toContain('voiceAliceShare01');
  });

  it('all_members_permissions of the workspace and of a group set the baseline; only admins change them', async () => {
    await addItem('histDave000000001', alice.workspaceId, dave.id, 'Dave wrote it.');
    expect(
      (
        await call(bob, 'PUT', '/v1/workspace/all-members-permissions', {
          all_members_permissions: ['history_item:none'],
        })
      ).status,
    ).toBe(403);
    const bad = await call(alice, 'PUT', '/v1/workspace/all-members-permissions', {
      all_members_permissions: ['voice:owner'],
    });
    expect(bad.status).toBe(422);
    const set = await call(alice, 'PUT', '/v1/workspace/all-members-permissions', {
      all_members_permissions: ['history_item:none'],
    });
    expect(set.body).toEqual({ all_members_permissions: ['history_item:none'] });
    expect(await historyIds(bob)).toEqual(['histBob0000000001']);
    expect(await historyIds(dave)).toEqual(['histDave000000001']);
    // The group's members read every history item of the workspace.
    const group = await call(alice, 'PUT', `/v1/workspace/groups/${groupId}/all-members-permissions`, {
      all_members_permissions: ['history_item:viewer'],
    });
    expect(group.status).toBe(200);
    expect((await historyIds(bob)).sort()).toEqual([
      'histAlice00000001',
      'histBob0000000001',
      'histDave000000001',
    ]);
    expect((await call(bob, 'DELETE', '/v1/history/histDave000000001')).status).toBe(403);
    expect(await historyIds(dave)).toEqual(['histDave000000001']);
    await call(alice, 'PUT', '/v1/workspace/all-members-permissions', { all_members_permissions: [] });
    await call(alice, 'PUT', `/v1/workspace/groups/${groupId}/all-members-permissions`, {
      all_members_permissions: [],
    });
    expect((await historyIds(dave)).sort()).toEqual(['histBob0000000001', 'histDave000000001']);
  });

  it('transfers ownership: the new creator administers the resource, the old one keeps admin access', async () => {
    const byBob = await call(bob, 'POST', '/v1/workspace/resources/voiceAliceShare01/transfer-ownership', {
      resource_type: 'voice',
      user_email: bob.email,
    });
    expect(byBob.status).toBe(404); // bob cannot even read the private voice
    const moved = await call(alice, 'POST', '/v1/workspace/resources/voiceAliceShare01/transfer-ownership', {
      resource_type: 'voice',
      user_email: bob.email,
    });
    expect(moved.status).toBe(200);
    const [row] = await app.database.db.select().from(voices).where(eq(voices.id, 'voiceAliceShare01'));
    expect(row!.createdBy).toBe(bob.id);
    expect(
      await app.database.db
        .select({ role: workspaceResourceGrants.role })
        .from(workspaceResourceGrants)
        .where(
          and(
            eq(workspaceResourceGrants.resourceId, 'voiceAliceShare01'),
            eq(workspaceResourceGrants.granteeId, alice.id),
          ),
        ),
    ).toEqual([{ role: 'admin' }]);
    const share = await call(bob, 'POST', '/v1/workspace/resources/voiceAliceShare01/share', {
      resource_type: 'voice',
      role: 'editor',
      user_email: dave.email,
    });
    expect(share.status).toBe(200);
    expect(await voiceIds(dave)).toContain('voiceAliceShare01');
    // The metadata says who may hand it on: its new creator and the workspace admin, not an editor.
    const meta = (u: TestUser) =>
      call(u, 'GET', '/v1/workspace/resources/voiceAliceShare01?resource_type=voice');
    expect((await meta(bob)).body.can_transfer_ownership).toBe(true);
    expect((await meta(alice)).body.can_transfer_ownership).toBe(true);
    expect((await meta(dave)).body.can_transfer_ownership).toBe(false);
    const log = await call(alice, 'GET', '/v1/workspace/audit-logs?class_name=workspace_resource&limit=100');
    const names = (log.body.entries as { activity_name: string }[]).map((e) => e.activity_name);
    expect(names.slice(0, 2)).toEqual(['resource_shared', 'resource_ownership_transferred']);
    expect(names).toContain('resource_unshared');
    expect(names).toContain('all_members_permissions_updated');
  });
});
