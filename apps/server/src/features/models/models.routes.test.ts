import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

describe(`models API on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    app = await startTestApp();
    user = await createTestUser(app);
  });
  afterAll(() => app?.close());

  it('lists the built-in models through the SDK, with the languages their engines speak', async () => {
    const client = new ElevenLabsClient({ apiKey: user.apiKey, baseUrl: app.url });
    const models = await client.models.list();
    expect(models.map((m) => m.modelId)).toEqual([
      'vocalis_multilingual_v1',
      'vocalis_flite_v1',
      'vocalis_espeak_v1',
    ]);
    for (const m of models) {
      expect(m).toMatchObject({
        canDoTextToSpeech: true,
        canDoVoiceConversion: false,
        canBeFinetuned: false,
        maximumTextLengthPerRequest: 10_000,
        modelRates: { characterCostMultiplier: 1 },
      });
      expect(m.description!.length).toBeGreaterThan(40);
    }
    const flite = models.find((m) => m.modelId === 'vocalis_flite_v1')!;
    expect(flite.languages!.map((l) => l.languageId)).toEqual(['en', 'en-US', 'en-GB']);
    expect(flite.languages![0]!.name).toBe('English');
    const espeak = models.find((m) => m.modelId === 'vocalis_espeak_v1')!;
    expect(espeak.languages!.length).toBeGreaterThan(100);
    expect(espeak.languages).toEqual(
      expect.arrayContaining([
        { languageId: 'fr-fr', name: 'French (France)' },
        { languageId: 'ja', name: 'Japanese' },
      ]),
    );
    expect(models[0]!.description).toContain('eleven_multilingual_v2');
  });

  it('lists the remote model only when a speech server is configured', async () => {
    const res = await app.request('/v1/models', { headers: { 'xi-api-key': user.apiKey } });
    const ids = ((await res.json()) as { model_id: string }[]).map((m) => m.model_id);
    expect(ids).not.toContain('vocalis_http_v1');
    expect((await app.request('/v1/models')).status).toBe(401);
  });
});
