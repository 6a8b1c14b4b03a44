import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { stsCharacters } from '@vocalis/domain/audio-tools/speech-to-speech';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { measureSamples } from '@vocalis/speech/profile/clone';
import { EVERYDAY_SENTENCES, HARVARD_SENTENCES } from '@vocalis/speech/quality/sentences';
import { resample } from '@vocalis/speech/audio/resample';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyItems } from '../../db/schema/history';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { REFERENCE_TEXT } from './target-profiles';

const SUSAN = 'zjugDQR69KeBdVlIC4vX'; // a premade female voice
/** Stated tolerance (decision 095): the output's pitch median within 8 % of the target voice's. */
const PITCH_TOLERANCE = 0.08;

type Detail = { detail: { status: string; message: string } };
const bytesOf = async (s: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(s).arrayBuffer());
const file = (bytes: Uint8Array, name: string, type: string) =>
  new File([Buffer.from(bytes)], name, { type });

/** A male speaker (Flite kal16, about 90 Hz) saying two everyday sentences, 16 kHz. */
async function maleSpeech() {
  const s = await synthesizeToPcm({
    engine: createFliteEngine(),
    voice: 'kal16',
    text: EVERYDAY_SENTENCES.slice(0, 2).join(' '),
    speakerBoost: true,
  });
  const pcm = await resample(s.pcm, s.sampleRate, 16000);
  return { pcm, wav: encodeWav(pcm, 16000), seconds: pcm.length / 16000 };
}

describe(`speech to speech on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let input: Awaited<ReturnType<typeof maleSpeech>>;
  let susanPitch: number;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    input = await maleSpeech();
    // The target voice as the server speaks it: the reference text through text to speech, measured.
    const tts = await client.textToSpeech.convert(SUSAN, { text: REFERENCE_TEXT, outputFormat: 'pcm_16000' });
    const raw = await bytesOf(tts);
    susanPitch = (
      await measureSamples([{ pcm: new Int16Array(raw.buffer, 0, raw.byteLength >> 1), sampleRate: 16000 }])
    ).pitchHz;
  }, 120_000);
  afterAll(() => app?.close());

  const used = async (u: TestUser) => {
    const res = await app.request('/v1/user', { headers: { 'xi-api-key': u.apiKey } });
    return ((await res.json()) as { subscription: { character_count: number } }).subscription.character_count;
  };
  const historyRows = async (workspaceId: string) =>
    (
      await app.database.db
        .select({ n: count() })
        .from(historyItems)
        .where(eq(historyItems.workspaceId, workspaceId))
    )[0]!.n;
  const post = (u: TestUser, url: string, fields: Record<string, string>, audio?: File) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (audio) form.append('audio', audio);
    return app.request(url, { method: 'POST', headers: { 'xi-api-key': u.apiKey }, body: form });
  };

  it('converts a male speaker to a premade female voice with the SDK: same length, the target pitch, an STS history item', async () => {
    expect(susanPitch).toBeGreaterThan(150);
    const before = await used(owner);
    const { data, rawResponse } = await client.speechToSpeech
      .convert(SUSAN, {
        audio: file(input.wav, 'me.wav', 'audio/wav'),
        modelId: 'eleven_multilingual_sts_v2',
        outputFormat: 'mp3_44100_128',
        voiceSettings: JSON.stringify({ stability: 0.5, similarity_boost: 0.75 }),
      })
      .withRawResponse();
    const mp3 = await bytesOf(data);
    const out = await decodeAudio(mp3, 16000);
    expect(Math.abs(out.length / 16000 - input.seconds)).toBeLessThan(0.15);
    const got = await measureSamples([{ pcm: out, sampleRate: 16000 }]);
    const source = await measureSamples([{ pcm: input.pcm, sampleRate: 16000 }]);
    expect(source.pitchHz).toBeLessThan(120);
    expect(Math.abs(got.pitchHz / susanPitch - 1)).toBeLessThan(PITCH_TOLERANCE);

    const characters = stsCharacters(input.seconds);
    expect(rawResponse.headers.get('x-character-count')).toBe(String(characters));
    expect(await used(owner)).toBe(before + characters);
    const id = rawResponse.headers.get('history-item-id')!;
    const item = await client.history.get(id);
    expect(item).toMatchObject({
      source: 'STS',
      voiceId: SUSAN,
      modelId: 'eleven_multilingual_sts_v2',
      characterCountChangeFrom: before,
      characterCountChangeTo: before + characters,
      contentType: 'audio/mpeg',
    });
    expect(await bytesOf(await client.history.getAudio(id))).toEqual(mp3);
    // Converted speech is generated audio: it carries this installation's watermark (decision 100).
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(mp3)], { type: 'audio/mpeg' }), 'converted.mp3');
    const verdict = await app.request('/v1/ai-speech-classifier', {
      method: 'POST',
      headers: { 'xi-api-key': owner.apiKey },
      body: form,
    });
    expect(verdict.status).toBe(200);
    expect(
      ((await verdict.json()) as { generated_by_this_installation: boolean }).generated_by_this_installation,
    ).toBe(true);
  }, 120_000);

  it('streams raw PCM with the SDK, and keeps nothing with enable_logging=false', async () => {
    const rows = await historyRows(owner.workspaceId);
    const stream = await client.speechToSpeech.stream(SUSAN, {
      audio: file(input.wav, 'me.wav', 'audio/wav'),
      outputFormat: 'pcm_16000',
      enableLogging: false,
    });
    const raw = await bytesOf(stream);
    expect(raw.byteLength / 2).toBe(input.pcm.length);
    const got = await measureSamples([
      { pcm: new Int16Array(raw.buffer, 0, raw.byteLength >> 1), sampleRate: 16000 },
    ]);
    expect(Math.abs(got.pitchHz / susanPitch - 1)).toBeLessThan(PITCH_TOLERANCE);
    expect(await historyRows(owner.workspaceId)).toBe(rows);
  }, 120_000);

  it('takes raw 16 kHz PCM with file_format=pcm_s16le_16', async () => {
    const pcmBytes = new Uint8Array(input.pcm.buffer, input.pcm.byteOffset, input.pcm.byteLength);
    const res = await post(
      owner,
      `/v1/speech-to-speech/${SUSAN}?output_format=wav_16000`,
      { file_format: 'pcm_s16le_16' },
      file(pcmBytes, 'blob', 'application/octet-stream'),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    const out = await decodeAudio(new Uint8Array(await res.arrayBuffer()), 16000);
    expect(out.length).toBe(input.pcm.length);
  }, 60_000);

  it.each([
    ['no audio part', {}, undefined, 400, 'missing_audio'],
    [
      'a text file',
      {},
      file(new TextEncoder().encode('hello'), 'notes.txt', 'text/plain'),
      400,
      'unsupported_audio_type',
    ],
    [
      'audio that does not decode',
      {},
      file(new Uint8Array(2000).fill(7), 'broken.mp3', 'audio/mpeg'),
      400,
      'invalid_audio',
    ],
    [
      'silence',
      {},
      file(encodeWav(new Int16Array(32000), 16000), 'quiet.wav', 'audio/wav'),
      400,
      'no_speech',
    ],
    ['an unknown model', { model_id: 'eleven_turbo_v2' }, 'wav', 400, 'model_not_found'],
    [
      'voice settings that are not JSON',
      { voice_settings: '{stability' },
      'wav',
      400,
      'invalid_voice_settings',
    ],
  ] as const)(
    'refuses %s with its own message, charging and keeping nothing',
    async (_, fields, audio, status, code) => {
      const before = await used(owner);
      const rows = await historyRows(owner.workspaceId);
      const part = audio === 'wav' ? file(input.wav, 'me.wav', 'audio/wav') : audio;
      const res = await post(owner, `/v1/speech-to-speech/${SUSAN}`, fields, part);
      expect(res.status).toBe(status);
      expect(((await res.json()) as Detail).detail.status).toBe(code);
      expect(await used(owner)).toBe(before);
      expect(await historyRows(owner.workspaceId)).toBe(rows);
    },
    60_000,
  );

  it('refuses NUL in a multipart field with 422 naming it, before any work', async () => {
    const before = await used(owner);
    const res = await post(
      owner,
      `/v1/speech-to-speech/${SUSAN}`,
      { model_id: 'a\u0000b' },
      file(input.wav, 'me.wav', 'audio/wav'),
    );
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: { loc: string[]; type: string }[] }).detail[0]).toMatchObject({
      loc: ['body', 'model_id'],
      type: 'control_character',
    });
    expect(await used(owner)).toBe(before);
  });

  it("answers 404 for an unknown voice and for another workspace's voice and items", async () => {
    const unknown = await post(
      owner,
      '/v1/speech-to-speech/no-such-voice',
      {},
      file(input.wav, 'me.wav', 'audio/wav'),
    );
    expect(unknown.status).toBe(404);
    // A voice of the owner's workspace (a clone) cannot be converted to from another workspace.
    const sample = await synthesizeToPcm({
      engine: createFliteEngine(),
      voice: 'slt',
      text: HARVARD_SENTENCES.slice(0, 4).join(' '),
    });
    const clone = await client.voices.ivc.create({
      name: 'Mine',
      files: [file(encodeWav(sample.pcm, sample.sampleRate), 's.wav', 'audio/wav')],
    });
    const res = await post(
      other,
      `/v1/speech-to-speech/${clone.voiceId}`,
      {},
      file(input.wav, 'me.wav', 'audio/wav'),
    );
    expect(res.status).toBe(404);
    expect(await historyRows(other.workspaceId)).toBe(0);
    const ownItem = (await client.history.list({ pageSize: 1 })).history[0]!;
    expect(ownItem.source).toBe('STS');
    const peek = await app.request(`/v1/history/${ownItem.historyItemId}`, {
      headers: { 'xi-api-key': other.apiKey },
    });
    expect(peek.status).toBe(404);
  }, 120_000);

  it('refuses a conversion longer than the remaining quota with 401 quota_exceeded, keeping nothing', async () => {
    const rows = await historyRows(owner.workspaceId);
    await app.database.db.execute(
      sql`UPDATE workspace_usage SET character_count = character_limit - 10 WHERE workspace_id = ${owner.workspaceId}`,
    );
    const before = await used(owner);
    const err = await client.speechToSpeech
      .convert(SUSAN, { audio: file(input.wav, 'me.wav', 'audio/wav') })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ElevenLabsError);
    expect((err as ElevenLabsError).statusCode).toBe(401);
    expect(((err as ElevenLabsError).body as Detail).detail.status).toBe('quota_exceeded');
    expect(await used(owner)).toBe(before);
    expect(await historyRows(owner.workspaceId)).toBe(rows);
  }, 60_000);
});
