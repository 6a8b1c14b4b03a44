import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { findRhvoice } from '@vocalis/speech/engines/rhvoice';
import { expectValidAlignment } from '@vocalis/speech/testing/expect-alignment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { ELEVENLABS_VOICE_ALIASES } from './elevenlabs-voice-aliases';
import { RHVOICE_MISSING_NOTE } from './voice-builders';
import { PREMADE_VOICES } from './voice-catalogue';

const rhvoice = findRhvoice() !== undefined;
const KAL = 'cZu6SI8gppUv1kFPCYh3'; // the default voice: RHVoice bdl where installed, else Flite kal16

/** Every voice id the SDK's own README and reference.md use in their examples. */
function sdkExampleVoiceIds(): string[] {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@elevenlabs/elevenlabs-js/package.json'));
  const docs = ['README.md', 'reference.md'].map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
  const ids = new Set<string>();
  const patterns = [
    /\b(?:voiceId|hostVoiceId|guestVoiceId|voice): "(\w{20})"/g,
    /\.(?:textToSpeech|speechToSpeech|voices(?:\.settings)?)\.\w+\("(\w{20})"/g,
  ];
  for (const p of patterns) for (const m of docs.matchAll(p)) ids.add(m[1]!);
  return [...ids];
}

describe(`ElevenLabs voice ids on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let user: TestUser;
  let client: ElevenLabsClient;
  beforeAll(async () => {
    app = await startTestApp();
    user = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: user.apiKey, baseUrl: app.url });
  });
  afterAll(() => app?.close());

  it('accepts every voice id of the SDK README and reference.md examples', async () => {
    const ids = sdkExampleVoiceIds();
    expect(ids).toEqual(expect.arrayContaining(['21m00Tcm4TlvDq8ikWAM', 'JBFqnCBsd6RMkjVDRZzb']));
    for (const id of ids) {
      const res = await app.request(`/v1/voices/${id}`, { headers: { 'xi-api-key': user.apiKey } });
      expect(res.status, id).toBe(200);
    }
  });

  it('answers for Rachel, George and Sarah with our closest premade voice of the same gender and accent', async () => {
    const expected = [
      ['21m00Tcm4TlvDq8ikWAM', 'Susan', 'female', 'american'],
      ['JBFqnCBsd6RMkjVDRZzb', 'Oliver', 'male', 'british'],
      ['EXAVITQu4vr4xnSDxMaL', 'Nora', 'female', 'american'],
    ];
    for (const [id, name, gender, accent] of expected) {
      const voice = await client.voices.get(id!);
      expect(voice).toMatchObject({ name, labels: { gender, accent } });
      expect(voice.voiceId).not.toBe(id);
    }
    for (const [id, alias] of Object.entries(ELEVENLABS_VOICE_ALIASES)) {
      const ours = PREMADE_VOICES.find((v) => v.voiceId === alias.voiceId);
      expect(ours, id).toBeDefined();
      const said = alias.name.match(/\b(female|male)\b/)?.[1];
      if (said) expect(ours!.labels.gender, id).toBe(said);
    }
  });

  it("speaks the SDK README's George example with character timings, and keeps settings under our id", async () => {
    const res = await client.textToSpeech.convertWithTimestamps('JBFqnCBsd6RMkjVDRZzb', {
      text: 'The first move is what sets everything in motion.',
      modelId: 'eleven_multilingual_v2',
      outputFormat: 'pcm_16000',
    });
    const seconds = Buffer.from(res.audioBase64, 'base64').length / 2 / 16000;
    expect(seconds).toBeGreaterThan(1);
    await client.voices.settings.update('21m00Tcm4TlvDq8ikWAM', { stability: 0.2 });
    expect((await client.voices.settings.get('zjugDQR69KeBdVlIC4vX')).stability).toBe(0.2);
  });

  it('describes the default voice by the engine this server really uses for it', async () => {
    const kal = await client.voices.get(KAL);
    if (rhvoice) expect(kal.description).toContain("RHVoice's bdl voice");
    else expect(kal.description).toContain(RHVOICE_MISSING_NOTE);
  });

  it.skipIf(!rhvoice)('gives character timings for /with-timestamps on the RHVoice model', async () => {
    const text = 'Good morning, everyone. Today we test the natural voice.';
    const res = await client.textToSpeech.convertWithTimestamps(KAL, {
      text,
      modelId: 'vocalis_rhvoice_v1',
      outputFormat: 'pcm_24000',
    });
    const seconds = Buffer.from(res.audioBase64, 'base64').length / 2 / 24000;
    const a = res.alignment!;
    expectValidAlignment(
      {
        characters: a.characters,
        character_start_times_seconds: a.characterStartTimesSeconds,
        character_end_times_seconds: a.characterEndTimesSeconds,
      },
      text,
      seconds,
    );
    // The pause after "everyone." lies between its last letter and the next word's first.
    const at = (i: number) => a.characterStartTimesSeconds[i]!;
    expect(
      at(text.indexOf('Today')) - a.characterEndTimesSeconds[text.indexOf('everyone') + 7]!,
    ).toBeGreaterThan(0.1);
  });
});
