import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProfiles } from '../../db/schema/user-profiles';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { createOptOutKey } from './opt-out-key';

describe(`user API on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    app = await startTestApp();
    alice = await createTestUser(app);
  });
  afterAll(() => app?.close());

  const getUser = async (user: TestUser) => {
    const res = await app.request('/v1/user', { headers: { 'xi-api-key': user.apiKey } });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  };
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('gives every new user a personal workspace where they are admin', async () => {
    const user = await getUser(alice);
    expect(user.workspace_id).toBe(alice.workspaceId);
    expect(user.seat_type).toBe('workspace_admin');
    expect(await app.users.workspaceIds(alice.id)).toEqual([alice.workspaceId]);
  });

  it('returns every field of the user entity with the spec defaults', async () => {
    const user = await getUser(alice);
    expect(user).toMatchObject({
      user_id: alice.id,
      is_onboarding_completed: true,
      is_onboarding_checklist_completed: true,
      moderation_warning_dismissed: false,
      is_producer: false,
      is_new_user: true,
      ccpa_opt_out: false,
      accepted_bipa_terms: false,
      geo_location: null,
      is_api_key_hashed: true,
      xi_api_key: null,
      can_use_delayed_payment_methods: false,
      prompts_shown: { long_content_use_projects: false, dubbing_use_cases_banner: false },
      subscription: { tier: 'free', character_limit: 10000, status: 'free', voice_limit: 3 },
    });
    expect(user.xi_api_key_preview).toMatch(/^sk_\.\.\.[0-9a-f]{4}$/);
    for (const field of [
      'voices',
      'agrees_to_product_updates',
      'public_user_id',
      'audio_native',
      'created_at_unix',
      'sms_mfa_factor',
      'totp_mfa_factor',
      'terms_agreed_to',
      'first_name',
      'onboarding_survey',
      'onboarding_checklist',
      'profile_page_handle',
      'is_in_probation',
      'backup_code_hash',
      'referral_link_code',
      'partnerstack_partner_default_link',
      'created_at',
    ]) {
      expect(user, field).toHaveProperty(field);
    }
  });

  it('parses with the official SDK: client.user.get()', async () => {
    const client = new ElevenLabsClient({ apiKey: alice.apiKey, baseUrl: app.url });
    const user = await client.user.get();
    expect(user.userId).toBe(alice.id);
    expect(user.workspaceId).toBe(alice.workspaceId);
    expect(user.seatType).toBe('workspace_admin');
    expect(user.subscription.tier).toBe('free');
    expect(user.subscription.characterLimit).toBe(10000);
    expect(user.isOnboardingCompleted).toBe(true);
    expect(typeof user.createdAt).toBe('number');
  });

  it('answers the browser session as well', async () => {
    const res = await app.request('/v1/user', { headers: { cookie: alice.cookie } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user_id: string }).user_id).toBe(alice.id);
    expect((await app.request('/v1/user')).status).toBe(401);
  });

  it('edits only the given metadata fields', async () => {
    const res = await post(
      '/v1/user/edit-user-metadata',
      { geo_location: 'US-IL', ccpa_opt_out: true },
      { 'xi-api-key': alice.apiKey },
    );
    expect(res.status).toBe(200);
    const user = (await res.json()) as Record<string, unknown>;
    expect(user).toMatchObject({
      geo_location: 'US-IL',
      ccpa_opt_out: true,
      agrees_to_product_updates: true,
    });
    const bad = await post(
      '/v1/user/edit-user-metadata',
      { is_producer: true },
      { 'xi-api-key': alice.apiKey },
    );
    expect(bad.status).toBe(422);
  });

  it('dismisses the moderation warning', async () => {
    const res = await post('/v1/user/dismiss-moderation-warning', {}, { 'xi-api-key': alice.apiKey });
    expect(res.status).toBe(200);
    expect(
      ((await res.json()) as { moderation_warning_dismissed: boolean }).moderation_warning_dismissed,
    ).toBe(true);
  });

  it('opts out of product updates with the key from a mail, without a session', async () => {
    const bob = await createTestUser(app);
    const key = createOptOutKey(app.config.authSecret, bob.id);
    const res = await post('/v1/user/opt-out-of-updates', { opt_out_updates_key: key });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      message: 'We have opted you out of receiving product updates.',
    });
    expect((await getUser(bob)).agrees_to_product_updates).toBe(false);
    expect((await getUser(alice)).agrees_to_product_updates).toBe(true);
  });

  it('refuses a forged or malformed opt-out key', async () => {
    const forged = createOptOutKey('another-secret-another-secret-0000', alice.id);
    for (const key of [forged, 'nonsense', `${Buffer.from('nobody').toString('base64url')}.x`]) {
      const res = await post('/v1/user/opt-out-of-updates', { opt_out_updates_key: key });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        detail: { status: 'invalid_opt_out_key', message: 'The opt-out link is invalid.' },
      });
    }
  });

  it('repairs a user whose personal account is missing instead of failing', async () => {
    const carol = await createTestUser(app);
    await app.database.db.delete(userProfiles).where(eq(userProfiles.userId, carol.id));
    const user = await getUser(carol);
    expect(user.user_id).toBe(carol.id);
    expect(typeof user.workspace_id).toBe('string');
  });
});
