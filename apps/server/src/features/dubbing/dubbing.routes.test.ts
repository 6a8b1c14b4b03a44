import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { dubbingCharacters } from '@vocalis/domain/dubbing/dubbing-rules';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { plainVideo } from '@vocalis/speech/audio/plain-video';
import { resample } from '@vocalis/speech/audio/resample';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { EVERYDAY_SENTENCES } from '@vocalis/speech/quality/sentences';
import { concat, synthesizeToPcm } from '@vocalis/speech/synthesize';
import { count, eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dubs } from '../../db/schema/dubs';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';
import { hasVideo, isH264 } from './dubbing-input';

type Detail = { detail: { status: string; message: string } };
const RATE = 16000;
const bytesOf = async (s: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(s).arrayBuffer());
const file = (bytes: Uint8Array, name: string, type: string) =>
  new File([Buffer.from(bytes)], name, { type });
const hasApertium = existsSync('/usr/share/apertium/modes/eng-spa.mode');

/** English speech: two sentences with a pause, 0.5 s of silence around, 16 kHz. */
async function englishSpeech(): Promise<Int16Array> {
  const engine = createFliteEngine();
  const say = async (text: string) => {
    const s = await synthesizeToPcm({ engine, voice: 'kal16', text, speakerBoost: true });
    return resample(s.pcm, s.sampleRate, RATE);
  };
  const gap = (s: number) => new Int16Array(Math.round(s * RATE));
  return concat([
    gap(0.5),
    await say(EVERYDAY_SENTENCES[1]!),
    gap(1.2),
    await say(EVERYDAY_SENTENCES[3]!),
    gap(0.5),
  ]);
}

/** An mp4 of the speech over a plain blue picture (mpeg4, 5 fps). */
const videoOf = (pcm: Int16Array) => plainVideo({ pcm, rate: RATE, rgb: [30, 90, 200] });

describe.skipIf(!hasApertium)(`dubbing on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let speech: Int16Array;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    speech = await englishSpeech();
  }, 60_000);
  afterAll(() => app?.close());

  const used = async (u: TestUser) => {
    const res = await app.request('/v1/user', { headers: { 'xi-api-key': u.apiKey } });
    return ((await res.json()) as { subscription: { character_count: number } }).subscription.character_count;
  };
  const rows = async () => (await app.database.db.select({ n: count() }).from(dubs))[0]!.n;
  const storedFiles = async (id: string) => {
    const [row] = await app.database.db.select().from(dubs).where(eq(dubs.id, id));
    return row;
  };
  const finished = (id: string) =>
    waitFor(
      async () => {
        const d = await client.dubbing.get(id);
        return d.status !== 'dubbing' && d;
      },
      120_000,
      250,
    );

  it('dubs an English video into Spanish with the built-in engines', async () => {
    const before = await used(owner);
    const video = await videoOf(speech);
    const seconds = speech.length / RATE;
    const created = await client.dubbing.create({
      file: file(video, 'talk.mp4', 'video/mp4'),
      sourceLang: 'en',
      targetLang: 'es',
      numSpeakers: 1,
      name: 'Talk',
    });
    expect(created.expectedDurationSec).toBeGreaterThan(0);
    const charged = await used(owner);
    expect(charged - before).toBe(dubbingCharacters(seconds));

    const done = await finished(created.dubbingId);
    expect(done).toMatchObject({
      status: 'dubbed',
      name: 'Talk',
      sourceLanguage: 'en',
      targetLanguages: ['es'],
    });
    expect(done.mediaMetadata?.contentType).toBe('video/mp4');

    // The dubbed video decodes: a picture and an audio track as long as the source.
    const out = await bytesOf(await client.dubbing.audio.get(created.dubbingId, 'es'));
    expect(await hasVideo(out)).toBe(true);
    // The mpeg4 upload's picture was encoded to H.264, which browsers play.
    expect(await isH264(out)).toBe(true);
    const audio = await decodeAudio(out, RATE);
    expect(Math.abs(audio.length / RATE - seconds)).toBeLessThan(0.25);
    // The audio track alone, as mp3 (the editor's "Download audio").
    const onlyAudio = await app.request(`/v1/dubbing/${created.dubbingId}/audio/es?audio_only=true`, {
      headers: { 'xi-api-key': owner.apiKey },
    });
    expect(onlyAudio.headers.get('content-type')).toBe('audio/mpeg');
    const mp3 = new Uint8Array(await onlyAudio.arrayBuffer());
    expect(await hasVideo(mp3)).toBe(false);
    expect(Math.abs((await decodeAudio(mp3, RATE)).length / RATE - seconds)).toBeLessThan(0.25);

    // The subtitles show Spanish text at the times the speech landed; the source ones the English.
    const srt = (await client.dubbing.transcript.getTranscriptForDub(created.dubbingId, 'es', {
      formatType: 'srt',
    })) as string;
    expect(srt).toMatch(/^1\n00:00:0\d,\d{3} --> /);
    expect(srt.toLowerCase()).toMatch(/\b(el|la|los|las|de|en|un|una|y|mi|perro|pequeño)\b/);
    const source = await client.dubbing.transcripts.get(created.dubbingId, 'source', 'webvtt');
    expect(source.webvtt).toMatch(/^WEBVTT\n\n00:00:0/);
    expect(source.webvtt!.toLowerCase()).toMatch(/train|late|office|sister|dog/);

    const list = await client.dubbing.list();
    expect(list.dubs.map((d) => d.dubbingId)).toContain(created.dubbingId);

    // Another workspace sees nothing of it.
    const theirs = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
    await expect(theirs.dubbing.get(created.dubbingId)).rejects.toMatchObject({ statusCode: 404 });
    await expect(theirs.dubbing.delete(created.dubbingId)).rejects.toMatchObject({ statusCode: 404 });
    const peek = await app.request(`/v1/dubbing/${created.dubbingId}/audio/es`, {
      headers: { 'xi-api-key': other.apiKey },
    });
    expect(peek.status).toBe(404);
    expect((await theirs.dubbing.list()).dubs).toHaveLength(0);

    // Deleting removes the row and its files.
    const row = await storedFiles(created.dubbingId);
    const dir = (app.config.storage as { dir: string }).dir;
    const kept = [row!.outputs.es!.path, row!.sourcePath].map((p) => path.join(dir, p));
    expect(kept.map((p) => existsSync(p))).toEqual([true, true]);
    expect((await client.dubbing.delete(created.dubbingId)).status).toBe('ok');
    expect(await storedFiles(created.dubbingId)).toBeUndefined();
    expect(kept.map((p) => existsSync(p))).toEqual([false, false]);
    await expect(client.dubbing.get(created.dubbingId)).rejects.toMatchObject({ statusCode: 404 });
  }, 180_000);

  it('refuses a pair no engine serves, naming the pairs that work, and keeps nothing', async () => {
    const [before, n] = [await used(owner), await rows()];
    const err = (await client.dubbing
      .create({
        file: file(encodeWav(speech, RATE), 'a.wav', 'audio/wav'),
        sourceLang: 'en',
        targetLang: 'ja',
      })
      .catch((e: unknown) => e)) as ElevenLabsError;
    expect(err.statusCode).toBe(422);
    const body = err.body as Detail;
    expect(body.detail.status).toBe('unsupported_language_pair');
    expect(body.detail.message).toContain('from English into Japanese');
    expect(body.detail.message).toContain('en→es');
    expect([await used(owner), await rows()]).toEqual([before, n]);
  });

  it('refuses bad input before charging or storing anything', async () => {
    const [before, n] = [await used(owner), await rows()];
    const send = (fields: Record<string, string | Blob>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      return app.request('/v1/dubbing', {
        method: 'POST',
        headers: { 'xi-api-key': owner.apiKey },
        body: form,
      });
    };
    const wav = file(encodeWav(speech, RATE), 'a.wav', 'audio/wav');
    const cases: [Record<string, string | Blob>, number, string][] = [
      [{ target_lang: 'es' }, 400, 'missing_source'],
      [{ file: wav, source_lang: 'en' }, 400, 'missing_target_lang'],
      [{ file: wav, target_lang: 'xx' }, 422, 'unsupported_target_language'],
      [{ file: wav, source_lang: 'en', target_lang: 'fil' }, 422, 'unsupported_target_language'],
      [
        { file: file(new Uint8Array([1, 2, 3]), 'a.txt', 'text/plain'), target_lang: 'es' },
        400,
        'unsupported_media_type',
      ],
      [
        { file: file(new Uint8Array(100), 'a.mp3', 'audio/mpeg'), source_lang: 'en', target_lang: 'es' },
        400,
        'invalid_audio',
      ],
      [{ file: wav, source_lang: 'en', target_lang: 'es', start_time: '30' }, 400, 'invalid_time_range'],
      [
        { source_url: 'http://127.0.0.1:1/a.mp4', source_lang: 'en', target_lang: 'es' },
        400,
        'source_url_refused',
      ],
      [{ file: wav, source_lang: 'en', target_lang: 'es', mode: 'manual' }, 400, 'missing_csv_file'],
    ];
    for (const [fields, status, code] of cases) {
      const res = await send(fields);
      expect(
        [res.status, ((await res.json()) as Detail).detail.status],
        JSON.stringify(Object.keys(fields)),
      ).toEqual([status, code]);
    }
    expect([await used(owner), await rows()]).toEqual([before, n]);
  });

  it('manual mode: the CSV skips recognition and translation', async () => {
    const csv =
      'speaker,start_time,end_time,transcription,translation\n' +
      'Ana,0.5,3.0,"The train was late again.","El tren llegó tarde otra vez."\n' +
      'Ana,4.0,6.0,"We meet at the station.","Nos vemos en la estación."\n';
    const seconds = speech.length / RATE;
    const created = await client.dubbing.create({
      file: file(encodeWav(speech, RATE), 'talk.wav', 'audio/wav'),
      csvFile: file(new TextEncoder().encode(csv), 'lines.csv', 'text/csv'),
      sourceLang: 'en',
      targetLang: 'es',
      mode: 'manual',
    });
    const done = await finished(created.dubbingId);
    expect(done.status).toBe('dubbed');
    expect(done.mediaMetadata?.contentType).toBe('audio/wav');
    const mp3 = await bytesOf(await client.dubbing.audio.get(created.dubbingId, 'es'));
    // An MPEG audio frame header (no ID3 tag): 11 sync bits.
    expect([mp3[0], mp3[1]! & 0xe0]).toEqual([0xff, 0xe0]);
    const audio = await decodeAudio(mp3, RATE);
    expect(Math.abs(audio.length / RATE - seconds)).toBeLessThan(0.25);
    // Speech sits in each CSV slot and not before the first one.
    const rms = (a: number, b: number) => {
      const s = audio.subarray(Math.round(a * RATE), Math.round(b * RATE));
      return Math.sqrt(s.reduce((acc, x) => acc + x * x, 0) / s.length);
    };
    expect(rms(0.6, 2.5)).toBeGreaterThan(10 * rms(0, 0.4) + 50);
    expect(rms(4.1, 5.5)).toBeGreaterThan(10 * rms(0, 0.4) + 50);
    const vtt = await client.dubbing.transcripts.get(created.dubbingId, 'es', 'webvtt');
    expect(vtt.webvtt).toContain('<v speaker_0>El tren llegó tarde otra vez.');
    expect(vtt.webvtt).toContain('00:00:04.000 --> ');

    // The dubbing resource: edit one segment's translation, translate another again, render again.
    const resource = await client.dubbing.resource.get(created.dubbingId);
    expect(resource.targetLanguages).toEqual(['es']);
    const [first, second] = Object.values(resource.speakerSegments).sort((a, b) => a.startTime - b.startTime);
    expect(first!.dubs.es!.text).toBe('El tren llegó tarde otra vez.');
    const edited = await client.dubbing.resource.segment.update(created.dubbingId, first!.id, 'es', {
      text: 'Buenos días a todos.',
      endTime: 3.2,
    });
    expect(edited.version).toBe(resource.version + 1);
    const again = await client.dubbing.resource.translate(created.dubbingId, { segments: [second!.id] });
    expect(again.version).toBe(resource.version + 2);
    const stale = await client.dubbing.resource.get(created.dubbingId);
    // Apertium's own Spanish of "We meet at the station." replaces the CSV's.
    const retranslated = stale.speakerSegments[second!.id]!.dubs.es!.text;
    expect(retranslated).not.toBe('Nos vemos en la estación.');
    expect(retranslated).toMatch(/\ben la\b/i);
    expect(stale.speakerSegments[first!.id]!.dubs.es!.audioStale).toBe(true);
    const wrongType = (await client.dubbing.resource
      .render(created.dubbingId, 'es', { renderType: 'mp4' })
      .catch((e: unknown) => e)) as ElevenLabsError;
    expect([wrongType.statusCode, (wrongType.body as Detail).detail.status]).toEqual([
      422,
      'unsupported_render_type',
    ]);
    const before = await used(owner);
    const render = await client.dubbing.resource.render(created.dubbingId, 'es', { renderType: 'mp3' });
    expect(render.renderId).toBeTruthy();
    const rendered = await finished(created.dubbingId);
    expect(rendered.status).toBe('dubbed');
    // Both segments changed (one edited, one translated again): their slots, 2.7 s and 2 s, are charged.
    expect(await used(owner)).toBe(before + dubbingCharacters(4.7));
    const fresh = await client.dubbing.resource.get(created.dubbingId);
    expect(fresh.renders[render.renderId]).toMatchObject({ status: 'complete', language: 'es', type: 'mp3' });
    expect(fresh.speakerSegments[first!.id]!.dubs.es!.audioStale).toBe(false);
    const srt = (await client.dubbing.transcript.getTranscriptForDub(created.dubbingId, 'es', {
      formatType: 'srt',
    })) as string;
    expect(srt).toContain('Buenos días a todos.');
    const remade = await decodeAudio(
      await bytesOf(await client.dubbing.audio.get(created.dubbingId, 'es')),
      RATE,
    );
    expect(Math.abs(remade.length / RATE - seconds)).toBeLessThan(0.25);
    const theirs = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
    await expect(theirs.dubbing.resource.get(created.dubbingId)).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      theirs.dubbing.resource.segment.update(created.dubbingId, first!.id, 'es', { text: 'x' }),
    ).rejects.toMatchObject({ statusCode: 404 });
  }, 180_000);

  it('a dub that fails says why and gives its characters back', async () => {
    const before = await used(owner);
    const silence = new Int16Array(3 * RATE);
    const created = await client.dubbing.create({
      file: file(encodeWav(silence, RATE), 'quiet.wav', 'audio/wav'),
      sourceLang: 'en',
      targetLang: 'es',
    });
    expect(await used(owner)).toBe(before + dubbingCharacters(3));
    const done = await finished(created.dubbingId);
    expect(done).toMatchObject({ status: 'failed', error: 'No speech was found in the media.' });
    expect(await used(owner)).toBe(before);
    const res = await app.request(`/v1/dubbing/${created.dubbingId}`, {
      headers: { 'xi-api-key': owner.apiKey },
    });
    expect(await res.json()).toMatchObject({ refunded: true, progress: expect.any(Number) });
  }, 60_000);
});
