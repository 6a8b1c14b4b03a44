import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { runFfmpeg } from '@vocalis/speech/audio/ffmpeg';
import { createEspeakEngine } from '@vocalis/speech/engines/espeak';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { measureSamples } from '@vocalis/speech/profile/clone';
import { HARVARD_SENTENCES } from '@vocalis/speech/quality/sentences';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceSamples, voices } from '../../db/schema/voices';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

/** Length and hash: a failing comparison of whole audio buffers would take vitest minutes to diff. */
const digest = (b: Uint8Array) => ({
  bytes: b.byteLength,
  sha256: createHash('sha256').update(b).digest('hex'),
});

type Detail = { detail: { status: string; message: string } };
const TEXT =
  'Could you send me the report before lunch tomorrow? The train was late again, so I walked to the office.';

/** Sample recordings made with the built-in engines: a low quick male voice and a high slow female one. */
async function makeSamples() {
  const espeak = await createEspeakEngine();
  const flite = createFliteEngine();
  const low = await synthesizeToPcm({
    engine: espeak,
    voice: 'en-us+m3',
    text: HARVARD_SENTENCES.slice(0, 6).join(' '),
    prosody: { pitch: 0.8, rate: 1.1 },
  });
  const high = await synthesizeToPcm({
    engine: flite,
    voice: 'slt',
    text: HARVARD_SENTENCES.slice(4).join(' '),
    prosody: { pitch: 1.3, rate: 0.9 },
  });
  const highWav = encodeWav(high.pcm, high.sampleRate);
  const highMp3 = await runFfmpeg(
    ['-i', 'in.wav', '-b:a', '64k', 'out.mp3'],
    { 'in.wav': highWav },
    'out.mp3',
  );
  const short = await synthesizeToPcm({ engine: flite, voice: 'slt', text: 'Hello there.' });
  return {
    low: { wav: encodeWav(low.pcm, low.sampleRate), measure: await measureSamples([low]) },
    high: { mp3: highMp3, measure: await measureSamples([high]) },
    short: encodeWav(short.pcm, short.sampleRate),
    silence: encodeWav(new Int16Array(16000 * 4), 16000),
  };
}

describe(`instant voice cloning on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let otherClient: ElevenLabsClient;
  let samples: Awaited<ReturnType<typeof makeSamples>>;
  let lowId: string;
  let highId: string;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    otherClient = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
    samples = await makeSamples();
  }, 120_000);
  afterAll(() => app?.close());

  const file = (bytes: Uint8Array, name: string, type: string) =>
    new File([Buffer.from(bytes)], name, { type });
  const upload = (u: TestUser, fields: Record<string, string>, files: File[], url = '/v1/voices/add') => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const f of files) form.append('files', f);
    return app.request(url, { method: 'POST', headers: { 'xi-api-key': u.apiKey }, body: form });
  };
  const voiceRows = async (workspaceId: string) =>
    (await app.database.db.select({ n: count() }).from(voices).where(eq(voices.workspaceId, workspaceId)))[0]!
      .n;
  const filesDir = (workspaceId: string) => path.join(app.config.filesDir, 'voices', workspaceId);

  async function speak(c: ElevenLabsClient, voiceId: string) {
    const stream = await c.textToSpeech.convert(voiceId, { text: TEXT, outputFormat: 'pcm_16000' });
    const raw = new Uint8Array(await new Response(stream).arrayBuffer());
    const pcm = new Int16Array(raw.buffer, raw.byteOffset, raw.byteLength / 2);
    return { pcm, measure: await measureSamples([{ pcm, sampleRate: 16000 }]) };
  }

  it('clones a voice from a WAV sample with the SDK and lists it with its samples and profile', async () => {
    const created = await client.voices.ivc.create({
      name: 'Low Clone',
      files: [file(samples.low.wav, 'low.wav', 'audio/wav')],
      description: 'A low test voice',
      labels: { accent: 'british', gender: 'male' },
    });
    lowId = created.voiceId;
    expect(created.requiresVerification).toBe(false);

    const voice = await client.voices.get(lowId);
    expect(voice).toMatchObject({ name: 'Low Clone', category: 'cloned', description: 'A low test voice' });
    expect(voice.labels).toEqual({ accent: 'british', gender: 'male' });
    expect(voice.samples).toHaveLength(1);
    expect(voice.samples![0]).toMatchObject({ fileName: 'low.wav', mimeType: 'audio/wav' });
    expect(voice.samples![0]!.durationSecs).toBeGreaterThan(5);
    const profile = (voice as unknown as { voice_profile: { pitch_median_hz: number } }).voice_profile;
    expect(Math.abs(profile.pitch_median_hz / samples.low.measure.pitchHz - 1)).toBeLessThan(0.03);

    const all = await client.voices.getAll();
    expect(all.voices[0]?.voiceId).toBe(lowId);
    expect(all.voices.length).toBeGreaterThan(30);
    const found = await client.voices.search({ search: 'low clone' });
    expect(found.voices.map((v) => v.voiceId)).toEqual([lowId]);
    const cloned = await client.voices.search({ category: 'cloned' });
    expect(cloned.voices.map((v) => v.voiceId)).toEqual([lowId]);

    const [row] = await app.database.db.select().from(voiceSamples).where(eq(voiceSamples.voiceId, lowId));
    expect((await app.files.get(row!.originalPath))!.byteLength).toBe(voice.samples![0]!.sizeBytes);
    expect(await app.files.get(row!.processedPath)).not.toBeNull();
  }, 120_000);

  it('speaks with the clone at the sample pitch, and history shows the voice', async () => {
    const { pcm, measure } = await speak(client, lowId);
    expect(pcm.length / 16000).toBeGreaterThan(3);
    expect(Math.abs(measure.pitchHz / samples.low.measure.pitchHz - 1)).toBeLessThan(0.1);
    const page = await client.history.list({ pageSize: 1 });
    expect(page.history[0]).toMatchObject({
      voiceId: lowId,
      voiceName: 'Low Clone',
      voiceCategory: 'cloned',
    });
  }, 120_000);

  it('clones a high voice from an mp3 and the two clones are told apart by pitch', async () => {
    highId = (
      await client.voices.ivc.create({
        name: 'High Clone',
        files: [file(samples.high.mp3, 'high.mp3', 'audio/mpeg')],
        removeBackgroundNoise: true,
      })
    ).voiceId;
    const voice = await client.voices.get(highId);
    expect(voice.samples![0]!.removeBackgroundNoise).toBe(true);
    const high = (await speak(client, highId)).measure;
    const low = (await speak(client, lowId)).measure;
    expect(Math.abs(high.pitchHz / samples.high.measure.pitchHz - 1)).toBeLessThan(0.1);
    expect(high.pitchHz / low.pitchHz).toBeGreaterThan(1.6);
  }, 120_000);

  it('edits name, labels and settings, serves sample audio, and deletes samples and voices', async () => {
    expect(await client.voices.update(lowId, { name: 'Renamed', labels: { accent: 'irish' } })).toEqual({
      status: 'ok',
    });
    expect((await client.voices.get(lowId)).name).toBe('Renamed');
    expect((await client.voices.get(lowId)).labels).toEqual({ accent: 'irish' });

    await client.voices.settings.update(lowId, {
      stability: 0.2,
      similarityBoost: 1,
      style: 0,
      useSpeakerBoost: true,
      speed: 1,
    });
    expect((await client.voices.settings.get(lowId)).stability).toBe(0.2);

    const sampleId = (await client.voices.get(lowId)).samples![0]!.sampleId!;
    const audio = await client.voices.samples.audio.get(lowId, sampleId);
    const [stored] = await app.database.db.select().from(voiceSamples).where(eq(voiceSamples.id, sampleId));
    expect(digest(new Uint8Array(await new Response(audio).arrayBuffer()))).toEqual(
      digest((await app.files.get(stored!.originalPath))!),
    );

    // A second sample through edit, then the first deleted: the profile is refitted on what is left.
    const res = await upload(
      owner,
      { name: 'Renamed' },
      [file(samples.low.wav, 'again.wav', 'audio/wav')],
      `/v1/voices/${lowId}/edit`,
    );
    expect(res.status).toBe(200);
    const both = (await client.voices.get(lowId)).samples!;
    expect(both).toHaveLength(2);
    // A plain multipart upload is stored byte for byte and served back as it came.
    const again = await client.voices.samples.audio.get(lowId, both[1]!.sampleId!);
    expect(digest(new Uint8Array(await new Response(again).arrayBuffer()))).toEqual(digest(samples.low.wav));
    expect(await client.samples.delete(lowId, sampleId)).toEqual({ status: 'ok' });
    const left = (await client.voices.get(lowId)).samples!;
    expect(left.map((s) => s.fileName)).toEqual(['again.wav']);
    const last = await app.request(`/v1/voices/${lowId}/samples/${left[0]!.sampleId}`, {
      method: 'DELETE',
      headers: { 'xi-api-key': owner.apiKey },
    });
    expect(last.status).toBe(400);
    expect(((await last.json()) as Detail).detail.status).toBe('last_sample');

    const paths = await app.database.db.select().from(voiceSamples).where(eq(voiceSamples.voiceId, lowId));
    expect(await client.voices.delete(lowId)).toEqual({ status: 'ok' });
    expect((await client.voices.getAll()).voices.some((v) => v.voiceId === lowId)).toBe(false);
    for (const p of paths) expect(await app.files.get(p.originalPath)).toBeNull();
    expect(await app.database.db.select().from(voiceSamples).where(eq(voiceSamples.voiceId, lowId))).toEqual(
      [],
    );
  }, 120_000);

  it('keeps a voice to its workspace: another one cannot read, edit, use or delete it', async () => {
    const notFound = async (p: Promise<unknown>) => {
      const e = await p.then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).toBeInstanceOf(ElevenLabsError);
      expect((e as ElevenLabsError).statusCode).toBe(404);
    };
    await notFound(otherClient.voices.get(highId));
    await notFound(otherClient.voices.settings.get(highId));
    await notFound(otherClient.textToSpeech.convert(highId, { text: 'Hello.' }));
    await notFound(otherClient.voices.update(highId, { name: 'Mine now' }));
    await notFound(otherClient.voices.delete(highId));
    const sampleId = (await client.voices.get(highId)).samples![0]!.sampleId!;
    await notFound(otherClient.voices.samples.audio.get(highId, sampleId));
    expect((await otherClient.voices.getAll()).voices.some((v) => v.voiceId === highId)).toBe(false);
    expect((await client.voices.get(highId)).name).toBe('High Clone');
  }, 60_000);

  it.each([
    ['no files', [], 400, 'no_samples'],
    ['a text file', [['notes.txt', 'text/plain', 'text']], 400, 'unsupported_audio_type'],
    ['bytes that are not audio', [['broken.mp3', 'audio/mpeg', 'garbage']], 400, 'invalid_audio'],
    ['silence', [['quiet.wav', 'audio/wav', 'silence']], 400, 'no_speech_found'],
    ['one second of speech', [['hello.wav', 'audio/wav', 'short']], 400, 'samples_too_short'],
  ] as const)(
    'refuses %s and stores nothing',
    async (_what, files, status, code) => {
      const bytes = {
        text: new TextEncoder().encode('hello'),
        garbage: new Uint8Array(4096).fill(7),
        silence: samples.silence,
        short: samples.short,
      };
      const res = await upload(
        other,
        { name: 'Nope' },
        files.map(([n, t, k]) => file(bytes[k], n, t)),
      );
      expect(res.status).toBe(status);
      expect(((await res.json()) as Detail).detail.status).toBe(code);
      expect(await voiceRows(other.workspaceId)).toBe(0);
      expect(existsSync(filesDir(other.workspaceId))).toBe(false);
    },
    60_000,
  );

  it('refuses a custom voice over the plan limit with the message and stores nothing', async () => {
    const limited = await createTestUser(app);
    const [template] = await app.database.db.select().from(voices).where(eq(voices.id, highId));
    for (let i = 0; i < 3; i++)
      await app.database.db.insert(voices).values({
        ...template!,
        id: `limit${i}${limited.workspaceId}`.slice(0, 20),
        workspaceId: limited.workspaceId,
      });
    const sub = await new ElevenLabsClient({
      apiKey: limited.apiKey,
      baseUrl: app.url,
    }).user.subscription.get();
    expect(sub).toMatchObject({ voiceLimit: 3, voiceSlotsUsed: 3, maxVoiceAddEdits: 55 });
    const res = await upload(limited, { name: 'Fourth' }, [file(samples.low.wav, 'low.wav', 'audio/wav')]);
    expect(res.status).toBe(400);
    expect(((await res.json()) as Detail).detail).toEqual({
      status: 'voice_limit_reached',
      message:
        'You have reached your maximum amount of custom voices (3 / 3). You can upgrade your subscription or delete a voice to add another.',
    });
    expect(await voiceRows(limited.workspaceId)).toBe(3);
    expect(existsSync(filesDir(limited.workspaceId))).toBe(false);
  }, 60_000);

  it('documents every voice route in /openapi.json', async () => {
    const doc = (await (await app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/v1/voices/add'] ?? {})).toContain('post');
    expect(Object.keys(doc.paths['/v1/voices/{voice_id}/edit'] ?? {})).toContain('post');
    expect(Object.keys(doc.paths['/v1/voices/{voice_id}'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'delete']),
    );
    expect(Object.keys(doc.paths['/v1/voices/{voice_id}/samples/{sample_id}'] ?? {})).toContain('delete');
    expect(Object.keys(doc.paths['/v1/voices/{voice_id}/samples/{sample_id}/audio'] ?? {})).toContain('get');
  });

  it('counts voices and add/edits in the subscription', async () => {
    const sub = await client.user.subscription.get();
    // High Clone remains; adds: Low, High; one edit with a file and one rename.
    expect(sub).toMatchObject({
      voiceLimit: 3,
      voiceSlotsUsed: 1,
      voiceAddEditCounter: 4,
      maxVoiceAddEdits: 55,
    });
  });
});
