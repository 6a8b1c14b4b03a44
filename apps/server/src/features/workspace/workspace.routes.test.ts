import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyItems } from '../../db/schema/history';
import { workspaceInvites } from '../../db/schema/workspace-admin';
import { workspaces } from '../../db/schema/workspaces';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

type Mail = { to: string; subject: string; links: string[] };

// Three workspaces: A (alice's, Scale: 3 seats), C (carol's, Business: 5 seats), and everyone's personal one.
describe(`workspace members and invites on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  const sdk = (u: TestUser) => new ElevenLabsClient({ apiKey: u.apiKey, baseUrl: app.url });

  beforeAll(async () => {
    app = await startTestApp({ env: { MAIL_MAX_PER_IP: '1000' } });
    [alice, bob, carol, dave] = [
      await createTestUser(app),
      await createTestUser(app),
      await createTestUser(app),
      await createTestUser(app),
    ];
    const db = app.database.db;
    await db
      .update(workspaces)
      .set({ subscriptionTier: 'growing_business' })
      .where(eq(workspaces.id, alice.workspaceId));
    await db
      .update(workspaces)
      .set({ subscriptionTier: 'scale_2024_08_10' })
      .where(eq(workspaces.id, carol.workspaceId));
  });
  afterAll(() => app?.close());

  const call = async (
    u: TestUser | null,
    method: string,
    path: string,
    body?: unknown,
    via: 'key' | 'cookie' = 'key',
  ) => {
    const res = await app.request(path, {
      method,
      headers: {
        ...(u
          ? via === 'key'
            ? { 'xi-api-key': u.apiKey }
            : { cookie: u.cookie, origin: app.config.publicUrl }
          : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'user-agent': 'workspace-test/1.0',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  /** The invite code of the newest invitation mail to `email`. */
  const inviteCodeFor = async (email: string) => {
    const mail = await waitFor(async () => {
      const res = await app.request('/dev/mailbox.json');
      const all = ((await res.json()) as { messages: Mail[] }).messages;
      return all.find((m) => m.to === email && m.subject.includes('invited'));
    });
    const link = mail.links.find((l) => new URL(l).searchParams.has('invite_code'))!;
    return { code: new URL(link).searchParams.get('invite_code')!, path: new URL(link).pathname };
  };
  const currentOf = async (u: TestUser, via: 'key' | 'cookie' = 'key') =>
    (await call(u, 'GET', '/v1/workspace', undefined, via)).body;

  it('an admin invites by email through the SDK; the invitee accepts by the mailed code and lands in the workspace', async () => {
    await sdk(alice).workspace.invites.create({ email: bob.email, seatType: 'workspace_member' });
    const { code, path } = await inviteCodeFor(bob.email);
    expect(path).toBe('/app/settings/workspace-invites');
    // The invitee sees the invitation; a stranger holding the code cannot use it.
    const mine = await call(bob, 'GET', '/v1/user/workspace-invites');
    expect(mine.body.invites).toMatchObject([{ workspace_id: alice.workspaceId, role: 'editor' }]);
    expect((await call(dave, 'POST', `/v1/workspace/invites/${code}/accept`)).status).toBe(403);
    const accepted = await call(bob, 'POST', `/v1/workspace/invites/${code}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ workspace_id: alice.workspaceId });
    expect(await currentOf(bob)).toMatchObject({
      workspace_id: alice.workspaceId,
      role: 'editor',
      is_admin: false,
    });
    const members = await sdk(alice).workspace.members.list();
    expect(members.map((m) => [m.email, m.seatType, m.isOwner])).toEqual([
      [alice.email, 'workspace_admin', true],
      [bob.email, 'workspace_member', false],
    ]);
    // Used once: the code is gone.
    expect((await call(bob, 'POST', `/v1/workspace/invites/${code}/accept`)).status).toBe(404);
  });

  it('an editor edits but cannot administer: every admin call answers 403', async () => {
    const denied: [string, string, unknown?][] = [
      ['POST', '/v1/workspace/invites/add', { email: 'x@example.com' }],
      ['POST', '/v1/workspace/invites/add-bulk', { emails: ['y@example.com'] }],
      ['GET', '/v1/workspace/invites'],
      ['DELETE', '/v1/workspace/invites', { email: 'x@example.com' }],
      ['POST', '/v1/workspace/members', { email: alice.email, workspace_role: 'workspace_member' }],
      ['DELETE', '/v1/workspace/members', { email: alice.email }],
      ['POST', '/v1/workspace/transfer-ownership', { email: bob.email }],
      ['GET', '/v1/workspace/audit-logs'],
      ['PATCH', '/v1/workspace/security', { training_opt_out: true }],
    ];
    for (const [method, path, body] of denied) {
      const res = await call(bob, method, path, body);
      expect([method, path, res.status]).toEqual([method, path, 403]);
    }
    expect(
      (await call(bob, 'PATCH', '/v1/workspace/security', { training_opt_out: true })).body.detail.message,
    ).toBe('Only workspace admins can change this setting.');
    expect((await call(bob, 'GET', '/v1/workspace/is-admin')).body).toBe(false);
    expect((await call(alice, 'GET', '/v1/workspace/is-admin')).body).toBe(true);
    // Editors read: members, security settings.
    expect((await call(bob, 'GET', '/v1/workspace/members')).status).toBe(200);
    expect((await call(bob, 'GET', '/v1/workspace/security')).body).toMatchObject({ can_change: false });
    // The owner cannot leave; the SDK sees the error shape.
    const leave = await call(alice, 'POST', '/v1/workspace/leave');
    expect(leave.status).toBe(403);
    expect(leave.body.detail.message).toMatch(/owner cannot leave/);
  });

  it('seats: members and pending invites count against the plan; bulk invites are all or nothing', async () => {
    expect((await call(alice, 'GET', '/v1/workspace/seats')).body).toEqual({
      limit: 3,
      members: 2,
      pending_invites: 0,
      available: 1,
    });
    const bulk = await call(alice, 'POST', '/v1/workspace/invites/add-bulk', {
      emails: [carol.email, dave.email],
    });
    expect(bulk.status).toBe(403);
    expect(bulk.body.detail.status).toBe('seat_limit_reached');
    expect(
      await app.database.db
        .select()
        .from(workspaceInvites)
        .where(eq(workspaceInvites.workspaceId, alice.workspaceId)),
    ).toEqual([]);
    await sdk(alice).workspace.invites.createBatch({ emails: [carol.email] });
    const full = await call(alice, 'POST', '/v1/workspace/invites/add', { email: dave.email });
    expect(full.status).toBe(403);
    expect(full.body.detail.message).toMatch(/no free seats: the plan allows 3 seats/);
    expect((await call(alice, 'POST', '/v1/workspace/invites/add', { email: carol.email })).status).toBe(409);
    expect((await call(alice, 'POST', '/v1/workspace/invites/add', { email: bob.email })).status).toBe(409);
    const pending = await call(alice, 'GET', '/v1/workspace/invites');
    expect(pending.body.invites).toMatchObject([
      { email: carol.email, role: 'editor', invited_by_email: alice.email },
    ]);
    // Revoked through the SDK: the seat is free again and carol's code no longer works.
    const { code } = await inviteCodeFor(carol.email);
    await sdk(alice).workspace.invites.delete({ email: carol.email });
    expect((await call(carol, 'POST', `/v1/workspace/invites/${code}/accept`)).status).toBe(404);
    expect((await call(alice, 'GET', '/v1/workspace/seats')).body.available).toBe(1);
  });

  it('a user belongs to several workspaces and switches; roles are per workspace; one workspace cannot touch another', async () => {
    // carol (Business) invites bob and alice; bob declines first, then is invited again and accepts.
    await call(carol, 'POST', '/v1/workspace/invites/add', { email: bob.email });
    const first = await inviteCodeFor(bob.email);
    expect((await call(bob, 'POST', `/v1/workspace/invites/${first.code}/decline`)).status).toBe(200);
    await call(carol, 'POST', '/v1/workspace/invites/add', { email: bob.email });
    const [received] = (await call(bob, 'GET', '/v1/user/workspace-invites')).body.invites;
    expect(received.workspace_id).toBe(carol.workspaceId);
    // Accepted from the invites list by its id (no code at hand).
    expect((await call(bob, 'POST', `/v1/workspace/invites/${received.invite_id}/accept`)).status).toBe(200);
    const list = (await call(bob, 'GET', '/v1/workspaces')).body.workspaces;
    expect(list.map((w: { workspace_id: string }) => w.workspace_id).sort()).toEqual(
      [bob.workspaceId, alice.workspaceId, carol.workspaceId].sort(),
    );
    expect(list.find((w: { is_current: boolean }) => w.is_current).workspace_id).toBe(carol.workspaceId);
    // In A bob is made an admin; in C he stays an editor.
    await sdk(alice).workspace.members.update({ email: bob.email, workspaceRole: 'workspace_admin' });
    expect((await call(bob, 'GET', '/v1/workspace/invites')).status).toBe(403);
    expect(
      (await call(bob, 'POST', '/v1/workspace/switch', { workspace_id: alice.workspaceId })).status,
    ).toBe(200);
    expect(await currentOf(bob)).toMatchObject({ workspace_id: alice.workspaceId, role: 'admin' });
    expect((await call(bob, 'GET', '/v1/workspace/invites')).status).toBe(200);
    // Not a member of dave's workspace: switching there is a 404.
    expect((await call(bob, 'POST', '/v1/workspace/switch', { workspace_id: dave.workspaceId })).status).toBe(
      404,
    );
    // An admin of A cannot remove or change a member of C who is not in A.
    expect((await call(alice, 'DELETE', '/v1/workspace/members', { email: carol.email })).status).toBe(404);
    expect(
      (await call(alice, 'POST', '/v1/workspace/members', { email: carol.email, is_locked: true })).status,
    ).toBe(404);
    // Nobody changes the owner's role or removes them.
    expect((await call(bob, 'DELETE', '/v1/workspace/members', { email: alice.email })).status).toBe(403);
  });

  it('a removed member loses the workspace at once: API key, session cookie and session token', async () => {
    // dave joins A (the free seat), with a session token (JWT) claiming A.
    await call(alice, 'POST', '/v1/workspace/invites/add', { email: dave.email });
    const { code } = await inviteCodeFor(dave.email);
    expect((await call(dave, 'POST', `/v1/workspace/invites/${code}/accept`)).status).toBe(200);
    const tokenRes = await app.request('/api/auth/token', { headers: { cookie: dave.cookie } });
    const { token } = (await tokenRes.json()) as { token: string };
    const viaJwt = async () =>
      (await (
        await app.request('/v1/workspace', { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        workspace_id: string;
      };
    // A history item of A: dave reads it while he is a member.
    await app.database.db.insert(historyItems).values({
      id: `hist${Date.now()}`,
      workspaceId: alice.workspaceId,
      userId: alice.id,
      text: 'Team work',
      characterCountChangeFrom: 0,
      characterCountChangeTo: 9,
      contentType: 'audio/mpeg',
      audioPath: 'history/none.mp3',
    });
    const [item] = await app.database.db
      .select()
      .from(historyItems)
      .where(eq(historyItems.workspaceId, alice.workspaceId));
    expect((await call(dave, 'GET', `/v1/history/${item!.id}`)).status).toBe(200);
    expect((await call(dave, 'GET', `/v1/history/${item!.id}`, undefined, 'cookie')).status).toBe(200);
    expect((await currentOf(dave)).workspace_id).toBe(alice.workspaceId);
    expect((await currentOf(dave, 'cookie')).workspace_id).toBe(alice.workspaceId);
    expect((await viaJwt()).workspace_id).toBe(alice.workspaceId);
    await call(alice, 'DELETE', '/v1/workspace/members', { email: dave.email });
    expect((await currentOf(dave)).workspace_id).toBe(dave.workspaceId);
    expect((await currentOf(dave, 'cookie')).workspace_id).toBe(dave.workspaceId);
    expect((await viaJwt()).workspace_id).toBe(dave.workspaceId);
    expect((await call(dave, 'GET', `/v1/history/${item!.id}`)).status).toBe(404);
    expect((await call(dave, 'GET', `/v1/history/${item!.id}`, undefined, 'cookie')).status).toBe(404);
    const viaToken = await app.request(`/v1/history/${item!.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(viaToken.status).toBe(404);
    const members = (await call(dave, 'GET', '/v1/workspace/members')).body;
    expect(members.map((m: { email: string }) => m.email)).toEqual([dave.email]);
  });

  it('an admin disables a member: no access to the workspace, and sign-in says so', async () => {
    await call(bob, 'POST', '/v1/workspace/switch', { workspace_id: alice.workspaceId });
    await sdk(alice).workspace.members.update({ email: bob.email, isLocked: true });
    expect((await currentOf(bob)).workspace_id).not.toBe(alice.workspaceId);
    expect(
      (await call(bob, 'POST', '/v1/workspace/switch', { workspace_id: alice.workspaceId })).status,
    ).toBe(404);
    const signIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify({ email: bob.email, password: bob.password }),
    });
    expect(signIn.status).toBe(403);
    expect(JSON.stringify(await signIn.json())).toContain(
      'Your account has been disabled by an administrator in your workspace.',
    );
    await sdk(alice).workspace.members.update({ email: bob.email, isLocked: false });
    expect(
      (await call(bob, 'POST', '/v1/workspace/switch', { workspace_id: alice.workspaceId })).status,
    ).toBe(200);
  });

  it('ownership moves to another member; then the old owner may leave', async () => {
    expect((await call(bob, 'POST', '/v1/workspace/transfer-ownership', { email: bob.email })).status).toBe(
      403,
    );
    await call(alice, 'POST', '/v1/workspace/transfer-ownership', { email: bob.email });
    expect(await currentOf(bob)).toMatchObject({
      workspace_id: alice.workspaceId,
      is_owner: true,
      role: 'admin',
    });
    expect((await call(alice, 'POST', '/v1/workspace/leave')).status).toBe(200);
    expect((await currentOf(alice)).workspace_id).not.toBe(bob.workspaceId);
    expect(
      (await call(alice, 'GET', '/v1/workspaces')).body.workspaces.map(
        (w: { workspace_id: string }) => w.workspace_id,
      ),
    ).not.toContain(alice.workspaceId);
  });

  it('security settings: admins change them, the stored sign-in rule is enforced with the spec message', async () => {
    // bob owns A now; alice left. carol is alone in C: she turns off email/password sign-in for C.
    const res = await call(carol, 'PATCH', '/v1/workspace/security', {
      email_password_sign_in_disabled: true,
      session_inactivity_timeout: 3600,
      training_opt_out: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email_password_sign_in_disabled: true,
      session_inactivity_timeout: 3600,
      can_change: true,
    });
    expect(
      (await call(carol, 'PATCH', '/v1/workspace/security', { session_inactivity_timeout: 5 })).status,
    ).toBe(422);
    // bob is a member of C: his password sign-in is refused.
    const signIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify({ email: bob.email, password: bob.password }),
    });
    expect(signIn.status).toBe(403);
    expect(JSON.stringify(await signIn.json())).toContain(
      'Your workspace does not allow signing in with email and password.',
    );
    await call(carol, 'PATCH', '/v1/workspace/security', { email_password_sign_in_disabled: false });
  });

  it('every administrative change is in the audit log, with who, when and from where; admins read it through the SDK', async () => {
    const page = await sdk(carol).workspace.auditLogs.list({ limit: 100 });
    const names = page.entries.map((e) => e.activityName);
    expect(names).toEqual(
      expect.arrayContaining([
        'member_invited',
        'invite_declined',
        'invite_accepted',
        'security_settings_updated',
      ]),
    );
    const raw = await call(carol, 'GET', '/v1/workspace/audit-logs?limit=2');
    expect(raw.body.entries).toHaveLength(2);
    expect(raw.body.has_more).toBe(true);
    expect(raw.body.entries[0]).toMatchObject({
      actor: { user: { uid: carol.id, email_addr: carol.email } },
      device: { ip: '127.0.0.1' },
      http_request: {
        user_agent: 'workspace-test/1.0',
        http_method: 'PATCH',
        url: { path: '/v1/workspace/security' },
      },
    });
    const next = await call(
      carol,
      'GET',
      `/v1/workspace/audit-logs?limit=100&cursor=${raw.body.next_cursor}`,
    );
    expect(next.body.entries.length).toBe(page.entries.length - 2);
    // A's log is A's: carol's workspace entries never show there.
    const a = await call(bob, 'GET', '/v1/workspace/audit-logs?limit=100');
    expect(a.body.entries.map((e: { activity_name: string }) => e.activity_name)).toEqual(
      expect.arrayContaining([
        'member_removed',
        'member_locked',
        'member_unlocked',
        'ownership_transferred',
        'member_left',
      ]),
    );
    expect(
      a.body.entries.some((e: { activity_name: string }) => e.activity_name === 'security_settings_updated'),
    ).toBe(false);
  });

  it('a sign-up carrying the invite code lands the new user in the workspace', async () => {
    const email = `newcomer-${Date.now()}@example.com`;
    await call(carol, 'POST', '/v1/workspace/invites/add', { email, seat_type: 'workspace_admin' });
    const { code, path } = await inviteCodeFor(email);
    expect(path).toBe('/sign-up');
    const pre = await call(null, 'POST', '/v1/user/pre-sign-up', { email, invite_code: code });
    expect(pre.status).toBe(200);
    const { user } = await app.auth.api.signUpEmail({
      body: { email, password: 'Str0ng-pass!9', name: 'New' },
    });
    const members = await sdk(carol).workspace.members.list();
    expect(members.find((m) => m.userId === user.id)).toMatchObject({
      seatType: 'workspace_admin',
      isOwner: false,
    });
  });

  it('refuses bad input without writing', async () => {
    expect((await call(carol, 'POST', '/v1/workspace/invites/add', { email: 'not-an-email' })).status).toBe(
      422,
    );
    await expect(sdk(carol).workspace.invites.delete({ email: 'nobody@example.com' })).rejects.toBeInstanceOf(
      ElevenLabsError,
    );
  });
});
