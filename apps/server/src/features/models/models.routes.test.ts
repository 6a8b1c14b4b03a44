import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { findRhvoice } from '@vocalis/speech/engines/rhvoice';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

const rhvoice = findRhvoice() !== undefined;
const ALIASES = [
  'eleven_multilingual_v2',
  'eleven_multilingual_v1',
  'eleven_v3',
  'eleven_flash_v2_5',
  'eleven_turbo_v2_5',
  'eleven_monolingual_v1',
  'eleven_turbo_v2',
  'eleven_flash_v2',
];

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
    const all = await client.models.list();
    const models = all.filter((m) => !m.modelId.startsWith('eleven_') && m.canDoTextToSpeech);
    expect(models.map((m) => m.modelId)).toEqual([
      'vocalis_multilingual_v1',
      'vocalis_flite_v1',
      ...(rhvoice ? ['vocalis_rhvoice_v1'] : []),
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

  it('lists the eleven_* aliases after the models, each marked with the model that serves it', async () => {
    const res = await app.request('/v1/models', { headers: { 'xi-api-key': user.apiKey } });
    const list = (await res.json()) as { model_id: string; name: string; alias_of?: string }[];
    const speech = list.slice(0, list.length - 3);
    const aliases = speech.filter((m) => m.alias_of);
    expect(aliases.map((m) => m.model_id)).toEqual(ALIASES);
    expect(speech.slice(0, speech.length - ALIASES.length).every((m) => !m.alias_of)).toBe(true);
    const of = (id: string) => aliases.find((m) => m.model_id === id)!;
    expect(of('eleven_multilingual_v2')).toMatchObject({
      alias_of: 'vocalis_multilingual_v1',
      name: 'Eleven Multilingual v2 (alias of Vocalis Multilingual v1)',
    });
    // English-only ElevenLabs models are served by the most natural English engine installed.
    expect(of('eleven_monolingual_v1').alias_of).toBe(rhvoice ? 'vocalis_rhvoice_v1' : 'vocalis_flite_v1');
    // Every listed alias is accepted where a model id is.
    const spoken = await app.request('/v1/text-to-speech/zjugDQR69KeBdVlIC4vX?output_format=pcm_16000', {
      method: 'POST',
      headers: { 'xi-api-key': user.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hi.', model_id: 'eleven_flash_v2' }),
    });
    expect(spoken.status).toBe(200);
  });

  it('lists the speech-to-speech models as ElevenLabs does (voice conversion, not text to speech)', async () => {
    const client = new ElevenLabsClient({ apiKey: user.apiKey, baseUrl: app.url });
    const all = await client.models.list();
    const sts = all.filter((m) => m.canDoVoiceConversion);
    expect(sts.map((m) => m.modelId)).toEqual([
      'vocalis_sts_dsp_v1',
      'eleven_english_sts_v2',
      'eleven_multilingual_sts_v2',
    ]);
    for (const m of sts) expect(m.canDoTextToSpeech).toBe(false);
    expect(all.filter((m) => m.canDoTextToSpeech).every((m) => !m.canDoVoiceConversion)).toBe(true);
    expect(sts[1]!.languages).toEqual([{ languageId: 'en', name: 'English' }]);
    expect(sts[2]!.languages!.length).toBeGreaterThan(100);
    const raw = (await (
      await app.request('/v1/models', { headers: { 'xi-api-key': user.apiKey } })
    ).json()) as {
      model_id: string;
      alias_of?: string;
    }[];
    expect(raw.find((m) => m.model_id === 'eleven_multilingual_sts_v2')!.alias_of).toBe('vocalis_sts_dsp_v1');
  });

  it('lists the remote model only when a speech server is configured', async () => {
    const res = await app.request('/v1/models', { headers: { 'xi-api-key': user.apiKey } });
    const ids = ((await res.json()) as { model_id: string }[]).map((m) => m.model_id);
    expect(ids).not.toContain('vocalis_http_v1');
    expect((await app.request('/v1/models')).status).toBe(401);
  });
});
