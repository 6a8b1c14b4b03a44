import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKLIST_ITEMS } from '@vocalis/domain/onboarding-checklist';
import { users } from '../../db/schema/auth';
import { userProfiles } from '../../db/schema/user-profiles';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

type Checklist = {
  checklist_id: string;
  hidden: boolean;
  items: { onboarding_checklist_item_id: string; is_completed: boolean }[];
};
type UserBody = {
  first_name: string | null;
  is_onboarding_completed: boolean;
  is_onboarding_checklist_completed: boolean;
  onboarding_survey: Record<string, string> | null;
  onboarding_checklist: Checklist | null;
};

const SURVEY = {
  first_name: 'Ada',
  role: 'Developer',
  subrole: 'Building an app',
  timezone: 'Europe/London',
  source: 'Friend or colleague',
};

describe(`onboarding on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  const call = (user: TestUser, path: string, body?: unknown, method = 'POST') =>
    app.request(path, {
      method,
      headers: { cookie: user.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const me = async (user: TestUser) =>
    (await (await call(user, '/v1/user', undefined, 'GET')).json()) as UserBody;
  const done = (u: UserBody) =>
    u.onboarding_checklist!.items.filter((i) => i.is_completed).map((i) => i.onboarding_checklist_item_id);
  /** A user who still has to onboard, as a self-service sign-up is. */
  const newcomer = async () => {
    const user = await createTestUser(app);
    await app.database.db
      .update(userProfiles)
      .set({ isOnboardingCompleted: false })
      .where(eq(userProfiles.userId, user.id));
    return user;
  };

  it('sends self-service sign-ups through onboarding; operator-created accounts keep the default', async () => {
    const email = `self-${Date.now()}@example.com`;
    const res = await app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify({ email, password: 'correct-horse-9!', name: 'Self' }),
    });
    expect(res.status).toBe(200);
    const [row] = await app.database.db
      .select({ completed: userProfiles.isOnboardingCompleted })
      .from(userProfiles)
      .innerJoin(users, eq(users.id, userProfiles.userId))
      .where(eq(users.email, email));
    expect(row!.completed).toBe(false);
    expect((await me(await createTestUser(app))).is_onboarding_completed).toBe(true);
  });

  it('completes the survey: answers stored, first name set, onboarding completed, checklist started', async () => {
    const user = await newcomer();
    expect((await me(user)).is_onboarding_completed).toBe(false);
    const res = await call(user, '/v1/user/onboarding-survey-complete', SURVEY);
    expect(res.status).toBe(200);
    const body = (await res.json()) as UserBody;
    expect(body).toMatchObject({
      first_name: 'Ada',
      is_onboarding_completed: true,
      is_onboarding_checklist_completed: false,
      onboarding_survey: SURVEY,
    });
    expect(body.onboarding_checklist).toMatchObject({ hidden: false });
    expect(body.onboarding_checklist!.items).toHaveLength(CHECKLIST_ITEMS.length);
    expect(done(body)).toEqual([]);
    const [row] = await app.database.db.select().from(userProfiles).where(eq(userProfiles.userId, user.id));
    expect(row!.onboardingSurvey).toEqual(SURVEY);
  });

  it('rejects an incomplete or inconsistent survey', async () => {
    const user = await newcomer();
    const missing = await call(user, '/v1/user/onboarding-survey-complete', { ...SURVEY, source: undefined });
    expect(missing.status).toBe(422);
    const wrong = await call(user, '/v1/user/onboarding-survey-complete', {
      ...SURVEY,
      subrole: 'Podcaster',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      detail: { status: 'invalid_onboarding_survey', message: 'Please choose what describes you best.' },
    });
    expect((await me(user)).is_onboarding_completed).toBe(false);
    expect((await call(user, '/v1/user/onboarding-survey-complete', SURVEY)).status).toBe(200);
  });

  it('initiates once, completes items by id once, hides and marks complete', async () => {
    const user = await createTestUser(app);
    expect(
      (await call(user, '/v1/user/onboarding-checklist/update', { item_id: 'design_voice' })).status,
    ).toBe(404);
    const started = (await (await call(user, '/v1/user/onboarding-checklist/initiate')).json()) as UserBody;
    const id = started.onboarding_checklist!.checklist_id;
    expect(started.is_onboarding_checklist_completed).toBe(false);
    const again = (await (await call(user, '/v1/user/onboarding-checklist/initiate')).json()) as UserBody;
    expect(again.onboarding_checklist!.checklist_id).toBe(id);

    const updated = (await (
      await call(user, '/v1/user/onboarding-checklist/update', { item_id: 'design_voice' })
    ).json()) as UserBody;
    expect(done(updated)).toEqual(['design_voice']);
    const twice = await call(user, '/v1/user/onboarding-checklist/update', { item_id: 'design_voice' });
    expect(twice.status).toBe(200);
    expect(done((await twice.json()) as UserBody)).toEqual(['design_voice']);

    const unknown = await call(user, '/v1/user/onboarding-checklist/update', { item_id: 'fly_to_mars' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { detail: { status: string } }).detail.status).toBe('invalid_item_id');

    const hidden = (await (await call(user, '/v1/user/onboarding-checklist/hide')).json()) as UserBody;
    expect(hidden.onboarding_checklist!.hidden).toBe(true);
    const complete = (await (
      await call(user, '/v1/user/onboarding-checklist/mark-complete')
    ).json()) as UserBody;
    expect(complete.is_onboarding_checklist_completed).toBe(true);
    expect((await me(user)).is_onboarding_checklist_completed).toBe(true);
  });

  it('completes the checklist when its last item completes', async () => {
    const user = await createTestUser(app);
    await call(user, '/v1/user/onboarding-checklist/initiate');
    let last: UserBody | undefined;
    for (const item of CHECKLIST_ITEMS) {
      last = (await (
        await call(user, '/v1/user/onboarding-checklist/update', { item_id: item.id })
      ).json()) as UserBody;
    }
    expect(last!.is_onboarding_checklist_completed).toBe(true);
  });

  it('completes the speech step when a text-to-speech generation starts, never twice', async () => {
    const user = await createTestUser(app);
    await call(user, '/v1/user/onboarding-checklist/initiate');
    const tts = () =>
      app.request('/v1/text-to-speech/zjugDQR69KeBdVlIC4vX?output_format=pcm_16000', {
        method: 'POST',
        headers: { 'xi-api-key': user.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Hello there.' }),
      });
    const failed = await app.request('/v1/text-to-speech/AAAAAAAAAAAAAAAAAAAA', {
      method: 'POST',
      headers: { 'xi-api-key': user.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hello there.' }),
    });
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(done(await me(user))).toEqual([]);
    const res = await tts();
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(done(await me(user))).toEqual(['generate_speech']);
    const before = await app.database.db.select().from(userProfiles).where(eq(userProfiles.userId, user.id));
    await (await tts()).arrayBuffer();
    const after = await app.database.db.select().from(userProfiles).where(eq(userProfiles.userId, user.id));
    expect(after[0]!.onboardingChecklist).toEqual(before[0]!.onboardingChecklist);
  });

  it('completes the API-key step when a key is created and shown', async () => {
    const user = await createTestUser(app);
    await call(user, '/v1/user/onboarding-checklist/initiate');
    const res = await call(user, `/v1/service-accounts/${user.id}/api-keys`, {
      name: 'script',
      permissions: 'all',
    });
    expect(res.status).toBe(200);
    expect(done(await me(user))).toEqual(['reveal_api_key']);
  });

  it('completes the checklist when the steps of this build are done (speech, speech to speech, a library voice, a design, a dub, an API key)', async () => {
    const user = await createTestUser(app);
    await call(user, '/v1/user/onboarding-checklist/initiate');
    await call(user, '/v1/user/onboarding-checklist/update', { item_id: 'generate_speech' });
    await call(user, '/v1/user/onboarding-checklist/update', { item_id: 'try_speech_to_speech' });
    await call(user, '/v1/user/onboarding-checklist/update', { item_id: 'add_library_voice' });
    await call(user, '/v1/user/onboarding-checklist/update', { item_id: 'design_voice' });
    await call(user, '/v1/user/onboarding-checklist/update', { item_id: 'create_dub' });
    expect((await me(user)).is_onboarding_checklist_completed).toBe(false);
    const res = await call(user, `/v1/service-accounts/${user.id}/api-keys`, {
      name: 'script',
      permissions: 'all',
    });
    expect(res.status).toBe(200);
    const body = await me(user);
    // The step of a product not built (affiliates) stays open.
    expect(done(body)).toEqual([
      'generate_speech',
      'try_speech_to_speech',
      'add_library_voice',
      'design_voice',
      'create_dub',
      'reveal_api_key',
    ]);
    expect(body.is_onboarding_checklist_completed).toBe(true);
  });

  it('leaves users without a checklist alone when events happen', async () => {
    const user = await createTestUser(app);
    expect(
      (await call(user, `/v1/service-accounts/${user.id}/api-keys`, { name: 'script', permissions: 'all' }))
        .status,
    ).toBe(200);
    const body = await me(user);
    expect(body.onboarding_checklist).toBeNull();
    expect(body.is_onboarding_checklist_completed).toBe(true);
  });

  it('needs a signed-in caller', async () => {
    expect((await app.request('/v1/user/onboarding-checklist/initiate', { method: 'POST' })).status).toBe(
      401,
    );
  });
});
