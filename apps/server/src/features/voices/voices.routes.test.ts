import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { PREMADE_VOICES } from './voice-catalogue';
import { VoicePreviews } from './voice-previews';
import { renderSpeech } from '../tts/speech-runner';

describe(`voices API on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let user: TestUser;
  let client: ElevenLabsClient;
  beforeAll(async () => {
    app = await startTestApp();
    user = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: user.apiKey, baseUrl: app.url });
  });
  afterAll(() => app?.close());

  const susan = 'zjugDQR69KeBdVlIC4vX';

  it('has at least 20 premade voices with distinct stable 20-character ids, names and profiles', () => {
    expect(PREMADE_VOICES.length).toBeGreaterThanOrEqual(20);
    const ids = PREMADE_VOICES.map((v) => v.voiceId);
    expect(ids.every((id) => /^[A-Za-z0-9]{20}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(PREMADE_VOICES.map((v) => v.name)).size).toBe(ids.length);
    const profiles = PREMADE_VOICES.map((v) => JSON.stringify(v.engine === 'flite' ? v.flite : v.espeak));
    expect(new Set(profiles).size).toBe(ids.length);
    for (const v of PREMADE_VOICES) expect(v.description).toMatch(/parametric|formant/);
  });

  it('lists every voice through the SDK (GET /v1/voices), with labels, settings and preview URLs', async () => {
    const { voices } = await client.voices.getAll({ showLegacy: true });
    expect(voices).toHaveLength(PREMADE_VOICES.length);
    const v = voices.find((x) => x.voiceId === susan)!;
    expect(v).toMatchObject({
      name: 'Susan',
      category: 'premade',
      labels: {
        accent: 'american',
        gender: 'female',
        age: 'middle_aged',
        descriptive: 'clear',
        use_case: 'narration',
      },
      settings: { stability: 0.5, similarityBoost: 0.75, style: 0, useSpeakerBoost: true, speed: 1 },
      isLegacy: false,
    });
    expect(v.previewUrl).toMatch(
      new RegExp(`^${app.config.publicUrl}/v1/voices/${susan}/preview\\?v=[0-9a-f]{16}$`),
    );
    expect(v.verifiedLanguages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          modelId: 'vocalis_flite_v1',
          language: 'en',
          locale: 'en-US',
          previewUrl: v.previewUrl,
        }),
      ]),
    );
  });

  it('searches, filters, sorts and pages through GET /v2/voices with the SDK', async () => {
    const all = await client.voices.search({ includeTotalCount: true });
    expect(all.totalCount).toBe(PREMADE_VOICES.length);
    expect(all.voices).toHaveLength(20);
    expect(all.hasMore).toBe(true);
    const names = all.voices.map((v) => v.name!);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const rest = await client.voices.search({ nextPageToken: all.nextPageToken! });
    expect(rest.hasMore).toBe(false);
    expect(rest.voices.length).toBe(PREMADE_VOICES.length - 20);
    expect(new Set([...all.voices, ...rest.voices].map((v) => v.voiceId)).size).toBe(PREMADE_VOICES.length);

    const scottish = await client.voices.search({ search: 'scottish', sort: 'name', sortDirection: 'desc' });
    expect(scottish.voices.map((v) => v.name)).toEqual(['Ewan', 'Angus', 'Alasdair']);
    const french = await client.voices.search({ language: 'fr', gender: 'female' });
    expect(french.voices.map((v) => v.name)).toEqual(['Camille']);
    const paged = await client.voices.search({ pageSize: 2, category: 'premade', voiceType: 'default' });
    expect(paged.voices).toHaveLength(2);
    expect((await client.voices.search({ voiceType: 'personal' })).voices).toEqual([]);
    expect((await client.voices.search({ category: 'cloned' })).totalCount).toBe(0);
  });

  it('rejects a page size over 100 and a forged page token', async () => {
    const big = await app.request('/v2/voices?page_size=101', { headers: { 'xi-api-key': user.apiKey } });
    expect(big.status).toBe(422);
    const forged = await app.request('/v2/voices?next_page_token=bm9wZQ', {
      headers: { 'xi-api-key': user.apiKey },
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({
      detail: { status: 'invalid_page_token', message: 'Invalid next_page_token.' },
    });
  });

  it('gets one voice and its settings, and answers 404 voice_not_found for an unknown id', async () => {
    const v = await client.voices.get(susan);
    expect(v.name).toBe('Susan');
    const coral = await client.voices.settings.get('pGLMEBJzlL0nR0byDP80');
    expect(coral).toEqual({
      stability: 0.5,
      similarityBoost: 0.75,
      style: 0.3,
      useSpeakerBoost: true,
      speed: 1,
    });
    const res = await app.request('/v1/voices/AAAAAAAAAAAAAAAAAAAA', {
      headers: { 'xi-api-key': user.apiKey },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      detail: {
        status: 'voice_not_found',
        message: 'A voice with the voice_id AAAAAAAAAAAAAAAAAAAA was not found.',
      },
    });
  });

  it('serves the default settings without credentials, and nothing else', async () => {
    const res = await app.request('/v1/voices/settings/default');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      stability: 0.5,
      similarity_boost: 0.75,
      style: 0,
      use_speaker_boost: true,
      speed: 1,
    });
    expect((await app.request('/v1/voices')).status).toBe(401);
    expect((await app.request('/v2/voices')).status).toBe(401);
    expect((await app.request(`/v1/voices/${susan}`)).status).toBe(401);
  });

  it('generates a preview on first request, caches it on disk and serves it publicly with an ETag', async () => {
    const { previewUrl } = await client.voices.get(susan);
    const res = await fetch(previewUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=604800');
    const etag = res.headers.get('etag')!;
    expect(previewUrl).toContain(etag.replaceAll('"', ''));
    const pcm = await decodeAudio(new Uint8Array(await res.arrayBuffer()), 16000);
    expect(pcm.length / 16000).toBeGreaterThan(2);
    expect(pcm.length / 16000).toBeLessThan(10);
    const again = await fetch(previewUrl!, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('generates missing previews into the files folder until aborted', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'vocalis-previews-'));
    const previews = new VoicePreviews(dir, app.speech.engines, app.app.log, (...a) =>
      renderSpeech(app.speech.speech, ...a),
    );
    const some = PREMADE_VOICES.filter((_, i) => i % 10 === 0);
    const stopped = new AbortController();
    stopped.abort();
    await previews.warmAll(some, stopped.signal);
    expect(await readdir(dir)).toEqual([]);
    await previews.warmAll(some, new AbortController().signal);
    expect((await readdir(dir)).sort()).toEqual(
      some.map((v) => `${v.voiceId}-${previews.version(v)}.mp3`).sort(),
    );
    await rm(dir, { recursive: true, force: true });
  });
});
