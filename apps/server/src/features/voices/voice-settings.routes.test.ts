import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceSettings } from '../../db/schema/voice-settings';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

const SUSAN = 'zjugDQR69KeBdVlIC4vX'; // premade, Flite slt
const DEFAULTS = { stability: 0.5, similarityBoost: 0.75, style: 0, useSpeakerBoost: true, speed: 1 };

type Detail = { detail: { status: string; message: string } };

describe(`voice settings edit on ${process.env.TEST_DB}`, () => {
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
  });
  afterAll(() => app?.close());

  const post = (u: TestUser, voiceId: string, body: unknown) =>
    app.request(`/v1/voices/${voiceId}/settings/edit`, {
      method: 'POST',
      headers: { 'xi-api-key': u.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('stores the workspace settings (SDK update) and returns them from settings, get and the lists', async () => {
    const edited = { stability: 0.3, similarityBoost: 0.9, style: 0.2, useSpeakerBoost: false, speed: 1.1 };
    expect(await client.voices.settings.update(SUSAN, edited)).toEqual({ status: 'ok' });
    expect(await client.voices.settings.get(SUSAN)).toEqual(edited);
    expect((await client.voices.get(SUSAN, { withSettings: true })).settings).toEqual(edited);
    const all = await client.voices.getAll();
    expect(all.voices.find((v) => v.voiceId === SUSAN)?.settings).toEqual(edited);
    const found = await client.voices.search({ search: 'Susan' });
    expect(found.voices.find((v) => v.voiceId === SUSAN)?.settings).toEqual(edited);
    const [row] = await app.database.db
      .select()
      .from(voiceSettings)
      .where(and(eq(voiceSettings.workspaceId, owner.workspaceId), eq(voiceSettings.voiceId, SUSAN)));
    expect(row?.settings).toEqual({
      stability: 0.3,
      similarity_boost: 0.9,
      style: 0.2,
      use_speaker_boost: false,
      speed: 1.1,
    });
    // without settings, none are sent
    const bare = await app.request(`/v1/voices/${SUSAN}?with_settings=false`, {
      headers: { 'xi-api-key': owner.apiKey },
    });
    expect(((await bare.json()) as { settings: unknown }).settings).toBeNull();
  });

  it("leaves other workspaces on the premade voice's defaults", async () => {
    expect(await otherClient.voices.settings.get(SUSAN)).toEqual(DEFAULTS);
    expect((await otherClient.voices.get(SUSAN)).settings).toEqual(DEFAULTS);
    const res = await app.request('/v1/voices/settings/default');
    expect(await res.json()).toEqual({
      stability: 0.5,
      similarity_boost: 0.75,
      style: 0,
      use_speaker_boost: true,
      speed: 1,
    });
  });

  it('merges a partial edit over what the workspace stored', async () => {
    const user = await createTestUser(app);
    expect((await post(user, SUSAN, { speed: 0.8 })).status).toBe(200);
    expect((await post(user, SUSAN, { stability: 0.9 })).status).toBe(200);
    const c = new ElevenLabsClient({ apiKey: user.apiKey, baseUrl: app.url });
    expect(await c.voices.settings.get(SUSAN)).toEqual({ ...DEFAULTS, speed: 0.8, stability: 0.9 });
  });

  it('refuses values out of range (422) and unknown voices (404)', async () => {
    const tooFast = await post(owner, SUSAN, { speed: 2 });
    expect(tooFast.status).toBe(422);
    const wrongType = await post(owner, SUSAN, { stability: 'high' });
    expect(wrongType.status).toBe(422);
    const unknown = await post(owner, 'NoSuchVoice000000000', { stability: 0.4 });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as Detail).detail.status).toBe('voice_not_found');
    await expect(client.voices.settings.update('NoSuchVoice000000000', { stability: 0.4 })).rejects.toThrow(
      ElevenLabsError,
    );
  });

  it('needs credentials and the voices_write scope', async () => {
    const anonymous = await app.request(`/v1/voices/${SUSAN}/settings/edit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ speed: 0.9 }),
    });
    expect(anonymous.status).toBe(401);
    const { createApiKey } = await import('../api-keys/api-keys.service');
    const { key } = await createApiKey(app.database.db, other.id, {
      name: 'read',
      permissions: ['voices_read'],
    });
    const res = await app.request(`/v1/voices/${SUSAN}/settings/edit`, {
      method: 'POST',
      headers: { 'xi-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ speed: 0.9 }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as Detail).detail.status).toBe('missing_permissions');
    expect(await otherClient.voices.settings.get(SUSAN)).toEqual(DEFAULTS);
  });

  it('speaks with the stored settings when a request sends none (stored speed 0.7 is slower)', async () => {
    const user = await createTestUser(app);
    const speak = async () => {
      const res = await app.request(`/v1/text-to-speech/${SUSAN}?output_format=pcm_16000`, {
        method: 'POST',
        headers: { 'xi-api-key': user.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'The settings of this voice were edited.', seed: 7 }),
      });
      expect(res.status).toBe(200);
      return (await res.arrayBuffer()).byteLength / 2 / 16_000;
    };
    const before = await speak();
    expect((await post(user, SUSAN, { speed: 0.7 })).status).toBe(200);
    const after = await speak();
    expect(after / before).toBeGreaterThan(1.2);
  });

  it('applies the stored settings to the OpenAI-compatible endpoint as well', async () => {
    const user = await createTestUser(app);
    const speak = async () => {
      const res = await app.request('/v1/audio/speech', {
        method: 'POST',
        headers: { authorization: `Bearer ${user.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'tts-1',
          input: 'The settings of this voice were edited.',
          voice: SUSAN,
          response_format: 'pcm',
        }),
      });
      expect(res.status).toBe(200);
      return (await res.arrayBuffer()).byteLength;
    };
    const before = await speak();
    expect((await post(user, SUSAN, { speed: 0.7 })).status).toBe(200);
    expect((await speak()) / before).toBeGreaterThan(1.2);
  });
});
