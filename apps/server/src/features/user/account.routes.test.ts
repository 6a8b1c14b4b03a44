import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adVisits, deviceFingerprints, preSignUps } from '../../db/schema/account-signals';
import { accounts, sessions, users } from '../../db/schema/auth';
import { apiKeys } from '../../db/schema/api-keys';
import { historyItems } from '../../db/schema/history';
import { userProfiles } from '../../db/schema/user-profiles';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

describe(`account calls on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  const call = (
    user: TestUser,
    pathname: string,
    body?: unknown,
    method = 'POST',
    via: 'cookie' | 'key' = 'cookie',
  ) =>
    app.request(pathname, {
      method,
      headers: {
        ...(via === 'cookie' ? { cookie: user.cookie } : { 'xi-api-key': user.apiKey }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const db = () => app.database.db;

  it('edits the first name and the prompts shown', async () => {
    const user = await createTestUser(app);
    const res = await call(user, '/v1/user/edit', {
      first_name: 'Grace',
      prompts_shown: { dubbing_use_cases_banner: true },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      first_name: 'Grace',
      prompts_shown: { long_content_use_projects: false, dubbing_use_cases_banner: true },
    });
    expect((await call(user, '/v1/user/edit', { first_name: '' })).status).toBe(422);
    expect((await call(user, '/v1/user/edit', { is_producer: true })).status).toBe(422);
  });

  it('deletes the account with its sessions, keys, workspace and history files', async () => {
    const user = await createTestUser(app);
    // One generation, so there is a history row and its audio file.
    const tts = await call(
      user,
      '/v1/text-to-speech/zjugDQR69KeBdVlIC4vX?output_format=pcm_16000',
      { text: 'Delete me soon.' },
      'POST',
      'key',
    );
    expect(tts.status).toBe(200);
    await tts.arrayBuffer();
    const [item] = await db()
      .select()
      .from(historyItems)
      .where(eq(historyItems.workspaceId, user.workspaceId));
    expect(item).toBeDefined();
    const file = path.join(app.config.filesDir, item!.audioPath);
    expect(existsSync(file)).toBe(true);
    await call(user, '/v1/user/record-device-fingerprint', { fingerprint: 'fp-0123456789' });

    // An API key cannot delete the account.
    const byKey = await call(user, '/v1/user/delete', undefined, 'DELETE', 'key');
    expect(byKey.status).toBe(403);
    expect(((await byKey.json()) as { detail: { status: string } }).detail.status).toBe('session_required');

    const res = await call(user, '/v1/user/delete', undefined, 'DELETE');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', message: 'Your account has been deleted.' });

    for (const table of [users, userProfiles, sessions, accounts, apiKeys, deviceFingerprints] as const) {
      const rows = await db()
        .select()
        .from(table)
        .where(eq(table === users ? users.id : (table as typeof sessions).userId, user.id));
      expect(rows, String(table)).toEqual([]);
    }
    expect(await db().select().from(workspaces).where(eq(workspaces.id, user.workspaceId))).toEqual([]);
    expect(await db().select().from(historyItems).where(eq(historyItems.id, item!.id))).toEqual([]);
    // The worker deletes the files (a job queued with the rows' removal).
    await waitFor(() => !existsSync(file), 30_000);
    // The old cookie and key no longer work; signing in finds no user.
    expect((await call(user, '/v1/user', undefined, 'GET')).status).toBe(401);
    expect((await call(user, '/v1/user', undefined, 'GET', 'key')).status).toBe(401);
    const signIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(signIn.status).toBe(401);
  });

  it('keeps a shared workspace (and others in it) when a member deletes their account', async () => {
    const owner = await createTestUser(app);
    const member = await createTestUser(app);
    await db()
      .insert(workspaceMembers)
      .values({ workspaceId: owner.workspaceId, userId: member.id, role: 'editor' });
    expect((await call(member, '/v1/user/delete', undefined, 'DELETE')).status).toBe(200);
    expect(await db().select().from(workspaces).where(eq(workspaces.id, owner.workspaceId))).toHaveLength(1);
    expect(await db().select().from(workspaces).where(eq(workspaces.id, member.workspaceId))).toEqual([]);
    expect((await call(owner, '/v1/user', undefined, 'GET')).status).toBe(200);
  });

  it('answers a stable random number per user', async () => {
    const [a, b] = [await createTestUser(app), await createTestUser(app)];
    const read = async (u: TestUser) =>
      ((await (await call(u, '/v1/user/rand', undefined, 'GET')).json()) as { rand: number }).rand;
    const first = await read(a);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(1);
    expect(await read(a)).toBe(first);
    expect(await read(b)).not.toBe(first);
  });

  it('suggests public names', async () => {
    const user = await createTestUser(app);
    const res = await call(user, '/v1/user/generate-name');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { name: string }).name).toMatch(/^[A-Z][a-z]+[A-Z][a-z]+\d{2,4}$/);
    expect((await app.request('/v1/user/generate-name', { method: 'POST' })).status).toBe(401);
  });

  it('records an alpha-access request; access itself is granted by an operator', async () => {
    const user = await createTestUser(app);
    expect(await (await call(user, '/v1/user/has-alpha-access', undefined, 'GET')).json()).toEqual({
      has_alpha_access: false,
      requested: false,
    });
    expect(await (await call(user, '/v1/user/request-alpha-access')).json()).toEqual({
      has_alpha_access: false,
      requested: true,
    });
    await db().update(userProfiles).set({ hasAlphaAccess: true }).where(eq(userProfiles.userId, user.id));
    expect(await (await call(user, '/v1/user/has-alpha-access', undefined, 'GET')).json()).toEqual({
      has_alpha_access: true,
      requested: true,
    });
  });

  it('gives one referral link per user and completes the affiliate step', async () => {
    const user = await createTestUser(app);
    await call(user, '/v1/user/onboarding-checklist/initiate');
    const first = (await (await call(user, '/v1/user/referral-link', undefined, 'GET')).json()) as {
      referral_link: string;
    };
    expect(first.referral_link).toMatch(new RegExp(`^${app.config.publicUrl}/sign-up\\?via=[\\w-]{8}$`));
    const again = (await (await call(user, '/v1/user/referral-link', undefined, 'GET')).json()) as {
      referral_link: string;
    };
    expect(again.referral_link).toBe(first.referral_link);
    const me = (await (await call(user, '/v1/user', undefined, 'GET')).json()) as {
      referral_link_code: string;
      onboarding_checklist: { items: { onboarding_checklist_item_id: string; is_completed: boolean }[] };
    };
    expect(first.referral_link.endsWith(me.referral_link_code)).toBe(true);
    expect(
      me.onboarding_checklist.items.find((i) => i.onboarding_checklist_item_id === 'generate_affiliate_link')
        ?.is_completed,
    ).toBe(true);
  });

  it('records device fingerprints once per device', async () => {
    const user = await createTestUser(app);
    for (const fp of ['device-aaaaaaaa', 'device-aaaaaaaa', 'device-bbbbbbbb']) {
      expect((await call(user, '/v1/user/record-device-fingerprint', { fingerprint: fp })).status).toBe(200);
    }
    const rows = await db().select().from(deviceFingerprints).where(eq(deviceFingerprints.userId, user.id));
    expect(rows.map((r) => r.fingerprint).sort()).toEqual(['device-aaaaaaaa', 'device-bbbbbbbb']);
    expect((await call(user, '/v1/user/record-device-fingerprint', { fingerprint: 'x' })).status).toBe(422);
  });

  it('keeps pre-sign-up attribution until the account exists, then merges it at post-registration setup', async () => {
    const email = `pre-${Date.now()}@example.com`;
    const pre = await app.request('/v1/user/pre-sign-up', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, pid: 'partner-7', invite_code: 'inv-1', recaptcha_token: 't' }),
    });
    expect(pre.status).toBe(200);
    expect(await db().select().from(preSignUps).where(eq(preSignUps.email, email))).toHaveLength(1);
    const user = await createTestUser(app, { email });
    const res = await call(user, '/v1/user/post-registration-user-setup', {
      xid: 'click-9',
      gcp_marketplace_jwt: null,
    });
    expect(res.status).toBe(200);
    const [profile] = await db().select().from(userProfiles).where(eq(userProfiles.userId, user.id));
    expect(profile!.registrationAttribution).toMatchObject({
      pid: 'partner-7',
      xid: 'click-9',
      invite_code: 'inv-1',
    });
    expect(await db().select().from(preSignUps).where(eq(preSignUps.email, email))).toEqual([]);
    const bad = await app.request('/v1/user/pre-sign-up', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not an email' }),
    });
    expect(bad.status).toBe(422);
  });

  it('records paid-ad visits', async () => {
    const user = await createTestUser(app);
    const res = await call(user, '/v1/google-ads-visit', {
      email: user.email,
      event_type: 'sign_up',
      gclid: 'g-123',
      utm_source: 'google',
      utm_campaign: 'spring',
    });
    expect(res.status).toBe(200);
    const [visit] = await db().select().from(adVisits).where(eq(adVisits.userId, user.id));
    expect(visit).toMatchObject({
      eventType: 'sign_up',
      gclid: 'g-123',
      utm: { utm_source: 'google', utm_campaign: 'spring' },
    });
    expect((await call(user, '/v1/google-ads-visit', { gclid: 'x' })).status).toBe(422);
    expect((await app.request('/v1/google-ads-visit', { method: 'POST' })).status).toBe(401);
  });
});
