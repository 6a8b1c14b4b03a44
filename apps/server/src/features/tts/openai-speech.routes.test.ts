import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { decodeWav } from '@vocalis/speech/audio/wav';
import { createOpenAiHttpEngine } from '@vocalis/speech/engines/http-openai';
import { synthesizeUtterance } from '@vocalis/speech/synthesize';
import { expectValidAlignment } from '@vocalis/speech/testing/expect-alignment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

const TEXT = 'Hello world, this is Vocalis.';

describe(`OpenAI-compatible speech and the HTTP engine on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    app = await startTestApp();
    user = await createTestUser(app);
  });
  afterAll(() => app?.close());

  const speech = (body: unknown, auth: Record<string, string> = { authorization: `Bearer ${user.apiKey}` }) =>
    app.request('/v1/audio/speech', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify(body),
    });

  it('speaks with an OpenAI voice name and a bearer API key, in wav and 24 kHz pcm', async () => {
    const wav = await speech({ model: 'tts-1', input: TEXT, voice: 'alloy', response_format: 'wav' });
    expect(wav.status).toBe(200);
    expect(wav.headers.get('content-type')).toBe('audio/wav');
    const decoded = decodeWav(new Uint8Array(await wav.arrayBuffer()));
    expect(decoded.sampleRate).toBe(24000);
    const s = decoded.pcm.length / 24000;
    expect(s).toBeGreaterThan(0.5);
    expect(s).toBeLessThan(4);
    const pcm = await speech({
      model: 'gpt-4o-mini-tts',
      input: TEXT,
      voice: 'alloy',
      response_format: 'pcm',
    });
    expect(Math.abs((await pcm.arrayBuffer()).byteLength / 2 / 24000 - s)).toBeLessThan(0.05);
  });

  it('encodes mp3 (the default), aac and flac, and accepts our voice ids and the xi-api-key header', async () => {
    // Decoded once (mp3); aac and flac are checked by their stream headers to keep ffmpeg runs few.
    const headers = { 'xi-api-key': user.apiKey };
    const body = { model: 'vocalis_flite_v1', input: TEXT, voice: 'zjugDQR69KeBdVlIC4vX' };
    const mp3 = await speech(body, headers);
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
    const s = (await decodeAudio(new Uint8Array(await mp3.arrayBuffer()), 16000)).length / 16000;
    expect(s).toBeGreaterThan(0.5);
    expect(s).toBeLessThan(4);
    const aac = await speech({ ...body, response_format: 'aac' }, headers);
    expect(aac.headers.get('content-type')).toBe('audio/aac');
    const adts = new Uint8Array(await aac.arrayBuffer());
    expect([adts[0], adts[1]! & 0xf6]).toEqual([0xff, 0xf0]); // ADTS sync word, MPEG-4, layer 0
    const flac = await speech({ ...body, response_format: 'flac' }, headers);
    expect(flac.headers.get('content-type')).toBe('audio/flac');
    expect(
      Buffer.from(await flac.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('fLaC');
  });

  it('clamps speed into the engines range: 4 is spoken at 2, and 0.25 at 0.5', async () => {
    const length = async (speed: number) =>
      (
        await (
          await speech({ model: 'tts-1', input: TEXT, voice: 'nova', response_format: 'pcm', speed })
        ).arrayBuffer()
      ).byteLength;
    // One after another: the free plan runs at most 2 generations at once (decision 010).
    const normal = await length(1);
    const fastest = await length(4);
    const faster = await length(2);
    const slowest = await length(0.25);
    expect(fastest).toBe(faster);
    expect(fastest / normal).toBeGreaterThan(0.4);
    expect(fastest / normal).toBeLessThan(0.65);
    expect(slowest / normal).toBeGreaterThan(1.6);
    expect(slowest / normal).toBeLessThan(2.4);
  });

  it('refuses missing credentials, unknown voices and models, and out-of-range values', async () => {
    expect((await speech({ model: 'tts-1', input: TEXT, voice: 'alloy' }, {})).status).toBe(401);
    expect(
      (
        await speech(
          { model: 'tts-1', input: TEXT, voice: 'alloy' },
          { authorization: `Bearer sk_${'0'.repeat(48)}` },
        )
      ).status,
    ).toBe(401);
    const voice = await speech({ model: 'tts-1', input: TEXT, voice: 'nobody' });
    expect(voice.status).toBe(404);
    expect((await speech({ model: 'tts-9', input: TEXT, voice: 'alloy' })).status).toBe(400);
    const speed = await speech({ model: 'tts-1', input: TEXT, voice: 'alloy', speed: 5 });
    expect(speed.status).toBe(422);
    expect(((await speed.json()) as { detail: { loc: unknown[] }[] }).detail[0]!.loc).toEqual([
      'body',
      'speed',
    ]);
    expect(
      (await speech({ model: 'tts-1', input: TEXT, voice: 'alloy', response_format: 'ogg' })).status,
    ).toBe(422);
  });

  it('lets the HTTP engine adapter synthesize through this server on loopback', async () => {
    const engine = createOpenAiHttpEngine({ url: app.url, model: 'tts-1', apiKey: user.apiKey });
    let seconds = 0;
    const chunks = [];
    for await (const c of synthesizeUtterance({ engine, voice: 'onyx', text: 'Hello there. How are you?' })) {
      chunks.push(c);
      seconds += c.pcm.length / c.sampleRate;
    }
    expect(chunks).toHaveLength(2);
    expect(chunks[0]!.sampleRate).toBe(24000);
    expect(seconds).toBeGreaterThan(1);
    expect(seconds).toBeLessThan(5);
    const pcmEngine = createOpenAiHttpEngine({
      url: `${app.url}/v1/`,
      model: 'tts-1',
      apiKey: user.apiKey,
      responseFormat: 'pcm',
    });
    for await (const c of pcmEngine.synthesize({ text: 'Hi.', voice: 'nova' }))
      expect(c.pcm.length).toBeGreaterThan(2400);
    const unauthorized = createOpenAiHttpEngine({ url: app.url, model: 'tts-1' });
    await expect(async () => {
      for await (const _ of unauthorized.synthesize({ text: 'Hi.', voice: 'nova' })) void _;
    }).rejects.toThrow(/answered 401/);
  });

  it('offers a configured remote server as model vocalis_http_v1 with estimated timings', async () => {
    const remote = await startTestApp({
      env: { SPEECH_HTTP_URL: app.url, SPEECH_HTTP_MODEL: 'tts-1', SPEECH_HTTP_API_KEY: user.apiKey },
    });
    try {
      const caller = await createTestUser(remote);
      const client = new ElevenLabsClient({ apiKey: caller.apiKey, baseUrl: remote.url });
      expect((await client.models.list()).map((m) => m.modelId)).toContain('vocalis_http_v1');
      const res = await client.textToSpeech.convertWithTimestamps('GuI41nIUB5jhRgGrHrlW', {
        text: TEXT,
        modelId: 'vocalis_http_v1',
        outputFormat: 'pcm_16000',
      });
      const s = Buffer.from(res.audioBase64, 'base64').length / 2 / 16000;
      expect(s).toBeGreaterThan(0.5);
      expect(s).toBeLessThan(4);
      const a = res.alignment!;
      expectValidAlignment(
        {
          characters: a.characters,
          character_start_times_seconds: a.characterStartTimesSeconds,
          character_end_times_seconds: a.characterEndTimesSeconds,
        },
        TEXT,
        s,
      );
      const french = await remote.request('/v1/text-to-speech/GuI41nIUB5jhRgGrHrlW', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'xi-api-key': caller.apiKey },
        body: JSON.stringify({ text: TEXT, model_id: 'vocalis_http_v1', language_code: 'fr' }),
      });
      expect(french.status).toBe(400);
    } finally {
      await remote.close();
    }
  });
});
