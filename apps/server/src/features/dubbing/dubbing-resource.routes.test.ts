import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { dubbingCharacters } from '@vocalis/domain/dubbing/dubbing-rules';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { resample } from '@vocalis/speech/audio/resample';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { EVERYDAY_SENTENCES } from '@vocalis/speech/quality/sentences';
import { concat, synthesizeToPcm } from '@vocalis/speech/synthesize';
import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { dubs } from '../../db/schema/dubs';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

type Detail = { detail: { status: string; message: string } };
const RATE = 16000;
const bytesOf = async (s: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(s).arrayBuffer());
const file = (bytes: Uint8Array, name: string, type: string) =>
  new File([Buffer.from(bytes)], name, { type });
const hasApertium = ['eng-spa', 'es-pt', 'es-fr'].every((m) =>
  existsSync(`/usr/share/apertium/modes/${m}.mode`),
);

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
    gap(1.5),
  ]);
}

describe.skipIf(!hasApertium)(`the dubbing resource on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let client: ElevenLabsClient;
  let theirs: ElevenLabsClient;
  let speech: Int16Array;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    const other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    theirs = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
    speech = await englishSpeech();
  }, 60_000);
  afterAll(() => app?.close());

  const used = async () => {
    const res = await app.request('/v1/user', { headers: { 'xi-api-key': owner.apiKey } });
    return ((await res.json()) as { subscription: { character_count: number } }).subscription.character_count;
  };
  const row = async (id: string) => (await app.database.db.select().from(dubs).where(eq(dubs.id, id)))[0]!;
  const stored = (p: string) => existsSync(path.join((app.config.storage as { dir: string }).dir, p));
  const finished = (id: string) =>
    waitFor(
      async () => {
        const d = await client.dubbing.get(id);
        return d.status !== 'dubbing' && d;
      },
      120_000,
      250,
    );
  const manualDub = async (csv: string, source: string, target: string) => {
    const created = await client.dubbing.create({
      file: file(encodeWav(speech, RATE), 'talk.wav', 'audio/wav'),
      csvFile: file(new TextEncoder().encode(csv), 'lines.csv', 'text/csv'),
      sourceLang: source,
      targetLang: target,
      mode: 'manual',
    });
    expect((await finished(created.dubbingId)).status).toBe('dubbed');
    return created.dubbingId;
  };
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => {
        throw new Error('expected a failure');
      },
      (e: ElevenLabsError) => [e.statusCode, (e.body as Detail).detail.status],
    );

  it('speaks again only the segments that changed, charges only them, and edits segments and speakers', async () => {
    const id = await manualDub(
      'speaker,start_time,end_time,transcription,translation\n' +
        'Ana,0.5,3.0,"The train was late again.","El tren llegó tarde otra vez."\n' +
        'Ana,4.0,6.0,"We meet at the station.","Nos vemos en la estación."\n',
      'en',
      'es',
    );
    const seconds = speech.length / RATE;
    const made = await row(id);
    const [a, b] = made.segments;
    expect(Object.keys(a!.clips!)).toEqual(['es']);
    expect([stored(a!.clips!.es!.path), stored(b!.clips!.es!.path)]).toEqual([true, true]);
    let res = await client.dubbing.resource.get(id);
    expect(Object.values(res.speakerSegments).map((s) => s.dubs.es!.audioStale)).toEqual([false, false]);

    // One translation edited: only that segment is stale, and a render speaks and charges only it. The edit
    // goes out on the live `dubbing` collection, so others with the dub open see it.
    const live = new WebSocket(`${app.url.replace('http', 'ws')}/v1/live`, {
      headers: { cookie: owner.cookie },
    });
    const received: { type: string; id?: string; op?: string; collection?: string }[] = [];
    live.on('message', (d) => received.push(JSON.parse(d.toString())));
    await new Promise((resolve, reject) => (live.once('open', resolve), live.once('error', reject)));
    live.send(JSON.stringify({ type: 'subscribe', collection: 'dubbing' }));
    await waitFor(() => received.some((m) => m.type === 'subscribed'));
    await client.dubbing.resource.segment.update(id, a!.id, 'es', { text: 'Buenos días a todos.' });
    expect(await waitFor(() => received.find((m) => m.type === 'change' && m.id === id))).toMatchObject({
      collection: 'dubbing',
      op: 'update',
    });
    live.close();
    res = await client.dubbing.resource.get(id);
    expect(res.speakerSegments[a!.id]!.dubs.es!.audioStale).toBe(true);
    expect(res.speakerSegments[b!.id]!.dubs.es!.audioStale).toBe(false);
    let before = await used();
    const render = await client.dubbing.resource.render(id, 'es', { renderType: 'mp3' });
    expect(await used()).toBe(before + dubbingCharacters(2.5));
    expect((await finished(id)).status).toBe('dubbed');
    const rendered = await row(id);
    expect(rendered.segments[1]!.clips!.es!.path).toBe(b!.clips!.es!.path);
    expect(rendered.segments[0]!.clips!.es!.path).not.toBe(a!.clips!.es!.path);
    expect(stored(a!.clips!.es!.path)).toBe(false);
    expect(rendered.outputs.es!.renderId).toBe(render.renderId);
    const mp3 = await decodeAudio(await bytesOf(await client.dubbing.audio.get(id, 'es')), RATE);
    expect(Math.abs(mp3.length / RATE - seconds)).toBeLessThan(0.25);
    const srt = (await client.dubbing.transcript.getTranscriptForDub(id, 'es', {
      formatType: 'srt',
    })) as string;
    expect(srt).toContain('Buenos días a todos.');

    // Nothing changed: a render speaks nothing and charges nothing.
    before = await used();
    await client.dubbing.resource.render(id, 'es', { renderType: 'mp3' });
    expect((await finished(id)).status).toBe('dubbed');
    expect(await used()).toBe(before);
    expect((await row(id)).segments.map((s) => s.clips!.es!.path)).toEqual(
      rendered.segments.map((s) => s.clips!.es!.path),
    );

    // A segment added to a speaker, dubbed on its own (charged for its 0.8 s), then deleted with its clip.
    const added = await client.dubbing.resource.speaker.segment.create(id, 'speaker_0', {
      startTime: 6.4,
      endTime: 7.2,
      text: 'Hello.',
      translations: { es: 'Hola.' },
    });
    res = await client.dubbing.resource.get(id);
    expect(res.speakerSegments[added.newSegment]).toMatchObject({ startTime: 6.4, text: 'Hello.' });
    expect(res.speakerSegments[added.newSegment]!.dubs.es).toMatchObject({ text: 'Hola.', audioStale: true });
    expect(res.speakerTracks.speaker_0!.segments).toContain(added.newSegment);
    before = await used();
    const dubbed = await client.dubbing.resource.dub(id, { segments: [added.newSegment] });
    expect(dubbed.version).toBe(added.version + 1);
    expect(await used()).toBe(before + dubbingCharacters(0.8));
    expect((await finished(id)).status).toBe('dubbed');
    const clip = (await row(id)).segments.find((s) => s.id === added.newSegment)!.clips!.es!;
    expect(stored(clip.path)).toBe(true);
    res = await client.dubbing.resource.get(id);
    expect(res.speakerSegments[added.newSegment]!.dubs.es!.audioStale).toBe(false);
    await client.dubbing.resource.segment.delete(id, added.newSegment);
    res = await client.dubbing.resource.get(id);
    expect(res.speakerSegments[added.newSegment]).toBeUndefined();
    await waitFor(() => !stored(clip.path));

    // A new speaker with a chosen voice; a segment moved to it must be spoken again in that voice.
    const bea = await client.dubbing.resource.speaker.create(id, { speakerName: 'Bea', voiceId: 'f2' });
    expect(bea.speakerId).toBe('speaker_1');
    await client.dubbing.resource.migrateSegments(id, { segmentIds: [b!.id], speakerId: 'speaker_1' });
    res = await client.dubbing.resource.get(id);
    expect(res.speakerTracks.speaker_1).toMatchObject({
      speakerName: 'Bea',
      voices: { es: 'es+f2' },
      segments: [b!.id],
    });
    expect(res.speakerSegments[b!.id]!.dubs.es!.audioStale).toBe(true);
    // Another voice for the first speaker makes its segment stale; it heads its similar voices.
    await client.dubbing.resource.speaker.update(id, 'speaker_0', { voiceId: 'm2', speakerName: 'Ana' });
    res = await client.dubbing.resource.get(id);
    expect(res.speakerTracks.speaker_0).toMatchObject({ speakerName: 'Ana', voices: { es: 'es+m2' } });
    expect(res.speakerSegments[a!.id]!.dubs.es!.audioStale).toBe(true);
    const similar = await client.dubbing.resource.speaker.findSimilarVoices(id, 'speaker_0');
    expect(similar.voices[0]).toMatchObject({ voiceId: 'm2', category: 'premade' });
    expect(similar.voices.map((v) => v.voiceId)).toContain('f2');
    before = await used();
    await client.dubbing.resource.dub(id, { segments: [] });
    expect(await used()).toBe(before + dubbingCharacters(2.5) + dubbingCharacters(2));
    expect((await finished(id)).status).toBe('dubbed');

    // The source text recognised again from the speech in the segment's span.
    await client.dubbing.resource.segment.update(id, a!.id, 'source', { text: 'something else' });
    await client.dubbing.resource.transcribe(id, { segments: [a!.id] });
    res = await client.dubbing.resource.get(id);
    expect(res.speakerSegments[a!.id]!.text.toLowerCase()).toMatch(/train|late|again/);

    // The json transcript.
    const json = await client.dubbing.transcripts.get(id, 'es', 'json');
    expect(json.json!.language).toBe('es');
    expect(json.json!.utterances.map((u) => u.text)).toEqual([
      'Buenos días a todos.',
      'Nos vemos en la estación.',
    ]);
    expect(json.json!.utterances[1]).toMatchObject({ speakerId: 'speaker_1', startS: 4 });
    const plain = (await client.dubbing.transcript.getTranscriptForDub(id, 'source', {
      formatType: 'json',
    })) as { language: string; utterances: { text: string }[] };
    expect(plain.language).toBe('en');

    // Refusals.
    expect(await failure(client.dubbing.resource.speaker.update(id, 'speaker_0', { voiceId: 'x9' }))).toEqual(
      [400, 'invalid_voice_id'],
    );
    expect(await failure(client.dubbing.resource.segment.delete(id, 'nope'))).toEqual([
      404,
      'segment_not_found',
    ]);
    expect(
      await failure(
        client.dubbing.resource.migrateSegments(id, { segmentIds: [a!.id], speakerId: 'speaker_9' }),
      ),
    ).toEqual([404, 'speaker_not_found']);
    expect(await failure(client.dubbing.resource.language.add(id, { language: 'ja' }))).toEqual([
      422,
      'unsupported_language_pair',
    ]);
    expect(
      await failure(
        client.dubbing.resource.speaker.segment.create(id, 'speaker_0', { startTime: 5, endTime: 99 }),
      ),
    ).toEqual([400, 'invalid_time_range']);

    // Another workspace gets 404 from every call.
    const calls: (() => Promise<unknown>)[] = [
      () => theirs.dubbing.resource.transcribe(id, { segments: [] }),
      () => theirs.dubbing.resource.translate(id, { segments: [] }),
      () => theirs.dubbing.resource.dub(id, { segments: [] }),
      () => theirs.dubbing.resource.render(id, 'es', { renderType: 'mp3' }),
      () => theirs.dubbing.resource.migrateSegments(id, { segmentIds: [a!.id], speakerId: 'speaker_0' }),
      () => theirs.dubbing.resource.segment.delete(id, a!.id),
      () => theirs.dubbing.resource.speaker.segment.create(id, 'speaker_0', { startTime: 1, endTime: 2 }),
      () => theirs.dubbing.resource.speaker.create(id, { speakerName: 'X' }),
      () => theirs.dubbing.resource.speaker.update(id, 'speaker_0', { speakerName: 'X' }),
      () => theirs.dubbing.resource.speaker.findSimilarVoices(id, 'speaker_0'),
      () => theirs.dubbing.resource.language.add(id, { language: 'es' }),
      () => theirs.dubbing.transcripts.get(id, 'es', 'json'),
    ];
    for (const c of calls) expect((await failure(c()))[0]).toBe(404);

    // Deleting the dub removes its clips too.
    const clips = (await row(id)).segments.flatMap((s) => Object.values(s.clips!).map((c) => c.path));
    await client.dubbing.delete(id);
    await waitFor(() => clips.every((p) => !stored(p)));
  }, 240_000);

  it('adds a language to a dub, translates and renders it, charged for that language only', async () => {
    const id = await manualDub(
      'speaker,start_time,end_time,transcription,translation\n' +
        'Ana,0.5,3.0,"El tren llegó tarde otra vez.","O trem chegou atrasado outra vez."\n' +
        'Ana,4.0,6.0,"Nos vemos en la estación.","Vemo-nos na estação."\n',
      'es',
      'pt',
    );
    const added = await client.dubbing.resource.language.add(id, { language: 'fr' });
    const res = await client.dubbing.resource.get(id);
    expect(res.version).toBe(added.version);
    expect(res.targetLanguages).toEqual(['pt', 'fr']);
    const [first] = Object.values(res.speakerSegments).sort((x, y) => x.startTime - y.startTime);
    expect(first!.dubs.fr!.text).toMatch(/\b(le|la|train|en retard|de nouveau)\b/i);
    expect(first!.dubs.fr!.audioStale).toBe(true);
    expect(first!.dubs.pt!.audioStale).toBe(false);
    expect(await failure(client.dubbing.resource.language.add(id, { language: 'fr' }))).toEqual([
      409,
      'language_exists',
    ]);
    const before = await used();
    await client.dubbing.resource.render(id, 'fr', { renderType: 'mp3' });
    expect(await used()).toBe(before + dubbingCharacters(4.5));
    expect((await finished(id)).status).toBe('dubbed');
    const fr = await decodeAudio(await bytesOf(await client.dubbing.audio.get(id, 'fr')), RATE);
    expect(Math.abs(fr.length / RATE - speech.length / RATE)).toBeLessThan(0.25);
    const pt = await decodeAudio(await bytesOf(await client.dubbing.audio.get(id, 'pt')), RATE);
    expect(Math.abs(pt.length / RATE - speech.length / RATE)).toBeLessThan(0.25);
    const vtt = await client.dubbing.transcripts.get(id, 'fr', 'webvtt');
    expect(vtt.webvtt).toContain(first!.dubs.fr!.text!);
  }, 180_000);
});
