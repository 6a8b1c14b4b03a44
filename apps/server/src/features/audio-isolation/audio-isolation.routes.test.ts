import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { isolationCharacters } from '@vocalis/domain/audio-tools/voice-isolation';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { resample } from '@vocalis/speech/audio/resample';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { makeNoise, mixAtSnr, snrDb } from '@vocalis/speech/isolate/snr';
import { EVERYDAY_SENTENCES } from '@vocalis/speech/quality/sentences';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioIsolations } from '../../db/schema/audio-isolations';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

type Detail = { detail: { status: string; message: string } };
const bytesOf = async (s: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(s).arrayBuffer());
const file = (bytes: Uint8Array, name: string, type: string) =>
  new File([Buffer.from(bytes)], name, { type });

/** Speech in pink noise at 0 dB, and the clean speech it was mixed from. */
async function noisySpeech() {
  const s = await synthesizeToPcm({
    engine: createFliteEngine(),
    voice: 'slt',
    text: EVERYDAY_SENTENCES.slice(0, 2).join(' '),
    speakerBoost: true,
  });
  const clean = await resample(s.pcm, s.sampleRate, 16000);
  const mix = mixAtSnr(clean, makeNoise('pink', 10, 16000), 0);
  return { clean, mix, wav: encodeWav(mix, 16000), seconds: mix.length / 16000 };
}

describe(`voice isolation on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let input: Awaited<ReturnType<typeof noisySpeech>>;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    input = await noisySpeech();
  }, 60_000);
  afterAll(() => app?.close());

  const used = async (u: TestUser) => {
    const res = await app.request('/v1/user', { headers: { 'xi-api-key': u.apiKey } });
    return ((await res.json()) as { subscription: { character_count: number } }).subscription.character_count;
  };
  const rows = async (workspaceId: string) =>
    (
      await app.database.db
        .select({ n: count() })
        .from(audioIsolations)
        .where(eq(audioIsolations.workspaceId, workspaceId))
    )[0]!.n;

  it('isolates the voice with the SDK: mp3 of the same length, 5 dB more SNR, charged, kept in its history', async () => {
    const before = await used(owner);
    const { data, rawResponse } = await client.audioIsolation
      .convert({ audio: file(input.wav, 'noisy.wav', 'audio/wav') })
      .withRawResponse();
    expect(rawResponse.headers.get('content-type')).toBe('audio/mpeg');
    const out = await decodeAudio(await bytesOf(data), 16000);
    expect(Math.abs(out.length / 16000 - input.seconds)).toBeLessThan(0.15);
    // mp3 adds an encoder delay: compare over the best alignment within 60 ms.
    let best = -Infinity;
    for (let lag = 0; lag < 960; lag += 8) best = Math.max(best, snrDb(input.clean, out.subarray(lag)));
    expect(best - snrDb(input.clean, input.mix)).toBeGreaterThan(5);

    const characters = isolationCharacters(input.seconds);
    expect(rawResponse.headers.get('x-character-count')).toBe(String(characters));
    expect(await used(owner)).toBe(before + characters);
    const history = await client.audioIsolation.list({ pageSize: 10 });
    expect(history.hasMore).toBe(false);
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({
      id: rawResponse.headers.get('history-item-id'),
      title: 'noisy.wav',
      format: 'mp3',
      supportsVideo: false,
      processing: false,
    });
    expect(history.items[0]!.durationSeconds).toBeCloseTo(input.seconds, 1);
    const original = await app.request(`/v1/audio-isolation/history/${history.items[0]!.id}/original`, {
      headers: { 'xi-api-key': owner.apiKey },
    });
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(input.wav);
  }, 60_000);

  it('streams with the SDK and lists newest first with paging and search', async () => {
    const stream = await client.audioIsolation.stream({
      audio: file(input.wav, 'second take.wav', 'audio/wav'),
    });
    expect((await decodeAudio(await bytesOf(stream), 16000)).length).toBeGreaterThan(input.mix.length - 2400);
    const first = await client.audioIsolation.list({ pageSize: 1 });
    expect(first.items.map((i) => i.title)).toEqual(['second take.wav']);
    expect(first.hasMore).toBe(true);
    const second = await client.audioIsolation.list({ pageSize: 1, page: 2 });
    expect(second.items.map((i) => i.title)).toEqual(['noisy.wav']);
    const found = await client.audioIsolation.list({ search: 'SECOND' });
    expect(found.items.map((i) => i.title)).toEqual(['second take.wav']);
  }, 60_000);

  it("keeps another workspace's isolations from view: its list is empty, its reads and deletes answer 404", async () => {
    const id = (await client.audioIsolation.list({ pageSize: 1 })).items[0]!.id;
    const otherClient = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
    expect((await otherClient.audioIsolation.list()).items).toEqual([]);
    for (const [method, path] of [
      ['GET', `/v1/audio-isolation/history/${id}/audio`],
      ['GET', `/v1/audio-isolation/history/${id}/original`],
      ['DELETE', `/v1/audio-isolation/history/${id}`],
    ] as const) {
      const res = await app.request(path, { method, headers: { 'xi-api-key': other.apiKey } });
      expect(res.status).toBe(404);
      expect(((await res.json()) as Detail).detail.status).toBe('history_item_not_found');
    }
    expect(await rows(owner.workspaceId)).toBe(2);
  });

  it('deletes an item with the SDK: gone from the list, its audio 404', async () => {
    const id = (await client.audioIsolation.list({ pageSize: 1 })).items[0]!.id;
    await client.audioIsolation.delete(id);
    expect((await client.audioIsolation.list()).items.map((i) => i.id)).not.toContain(id);
    const res = await app.request(`/v1/audio-isolation/history/${id}/audio`, {
      headers: { 'xi-api-key': owner.apiKey },
    });
    expect(res.status).toBe(404);
  });

  it.each([
    ['no audio part', undefined, 400, 'missing_audio'],
    [
      'a text file',
      file(new TextEncoder().encode('hi'), 'notes.txt', 'text/plain'),
      400,
      'unsupported_audio_type',
    ],
    ['undecodable audio', file(new Uint8Array(2000).fill(7), 'x.mp3', 'audio/mpeg'), 400, 'invalid_audio'],
    ['silence', file(encodeWav(new Int16Array(32000), 16000), 'quiet.wav', 'audio/wav'), 400, 'no_speech'],
  ] as const)('refuses %s, charging and keeping nothing', async (_, audio, status, code) => {
    const before = await used(owner);
    const n = await rows(owner.workspaceId);
    const form = new FormData();
    if (audio) form.append('audio', audio);
    const res = await app.request('/v1/audio-isolation', {
      method: 'POST',
      headers: { 'xi-api-key': owner.apiKey },
      body: form,
    });
    expect(res.status).toBe(status);
    expect(((await res.json()) as Detail).detail.status).toBe(code);
    expect(await used(owner)).toBe(before);
    expect(await rows(owner.workspaceId)).toBe(n);
  });

  it('refuses over the remaining quota with 401 quota_exceeded, keeping nothing', async () => {
    const n = await rows(owner.workspaceId);
    await app.database.db.execute(
      sql`UPDATE workspace_usage SET character_count = character_limit - 5 WHERE workspace_id = ${owner.workspaceId}`,
    );
    const err = (await client.audioIsolation
      .convert({ audio: file(input.wav, 'noisy.wav', 'audio/wav') })
      .catch((e: unknown) => e)) as ElevenLabsError;
    expect(err.statusCode).toBe(401);
    expect((err.body as Detail).detail.status).toBe('quota_exceeded');
    expect(await rows(owner.workspaceId)).toBe(n);
  }, 30_000);
});
