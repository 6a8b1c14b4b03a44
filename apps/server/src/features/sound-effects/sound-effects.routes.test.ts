import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { unservedPromptMessage } from '@vocalis/domain/audio-tools/sound-effects';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { peakHz, seamRatio, transientRate } from '@vocalis/speech/sfx/sound-measures';
import { classifyAudio } from '@vocalis/speech/watermark/classify';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyItems } from '../../db/schema/history';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { debitSfxSeconds, sfxSecondsUsed } from './sound-usage.repo';

type Detail = { detail: { status: string; message: string } };
const bytesOf = async (s: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(s).arrayBuffer());
const pcmOf = (b: Uint8Array) => new Int16Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));

describe(`sound effects on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
  }, 60_000);
  afterAll(() => app?.close());

  const rows = async (workspaceId: string) =>
    (
      await app.database.db
        .select({ n: count() })
        .from(historyItems)
        .where(eq(historyItems.workspaceId, workspaceId))
    )[0]!.n;
  const get = (u: TestUser, path: string) => app.request(path, { headers: { 'xi-api-key': u.apiKey } });

  it('makes rain of exactly the asked duration with the SDK, watermarked, metered and kept as an SFX history item', async () => {
    const { data, rawResponse } = await client.textToSoundEffects
      .convert({
        text: 'Heavy rain on a tin roof',
        durationSeconds: 3.3,
        promptInfluence: 0.5,
        outputFormat: 'pcm_44100',
      })
      .withRawResponse();
    const pcm = pcmOf(await bytesOf(data));
    expect(pcm.length).toBe(Math.round(3.3 * 44100));
    expect(transientRate(pcm, 44100)).toBeGreaterThan(15);
    // Generated audio carries this installation's watermark (decision 100), as the classifier reads it.
    expect((await classifyAudio(encodeWav(pcm, 44100), app.config.watermarkKey)).generatedHere).toBe(true);
    expect(rawResponse.headers.get('x-sound-categories')).toBe('rain');
    const id = rawResponse.headers.get('sound_generation_history_item_id')!;
    expect(rawResponse.headers.get('history-item-id')).toBe(id);
    expect(await sfxSecondsUsed(app.database.db, owner.workspaceId)).toBeCloseTo(3.3, 5);

    const item = (await (await get(owner, `/v1/history/${id}`)).json()) as Record<string, unknown>;
    expect(item).toMatchObject({
      history_item_id: id,
      sound_generation_history_item_id: id,
      source: 'SFX',
      text: 'Heavy rain on a tin roof',
      model_id: 'vocalis_sfx_procedural_v1',
      content_type: 'audio/pcm',
      settings: { duration_seconds: 3.3, prompt_influence: 0.5, loop: false, categories: ['rain'] },
    });
    const listed = (await (await get(owner, '/v1/history?source=SFX')).json()) as {
      history: { history_item_id: string }[];
    };
    expect(listed.history.map((h) => h.history_item_id)).toContain(id);

    // Share link for the sound-generation item, as for speech items.
    const share = await get(owner, `/v1/history/${id}/share-link`);
    expect(share.status).toBe(200);
    expect(((await share.json()) as { share_link: string }).share_link).toMatch(/^http/);

    // Another workspace sees none of it.
    expect((await get(other, `/v1/history/${id}`)).status).toBe(404);
    expect((await get(other, `/v1/history/${id}/audio`)).status).toBe(404);
    expect((await get(other, `/v1/history/${id}/share-link`)).status).toBe(404);
    const del = await app.request(`/v1/history/${id}`, {
      method: 'DELETE',
      headers: { 'xi-api-key': other.apiKey },
    });
    expect(del.status).toBe(404);
    expect(await rows(owner.workspaceId)).toBe(1);
  });

  it('makes a seamless loop, a tone at its pitch, and mp3 that decodes to the asked duration', async () => {
    const loop = pcmOf(
      await bytesOf(
        await client.textToSoundEffects.convert({
          text: 'howling wind',
          durationSeconds: 2,
          loop: true,
          outputFormat: 'pcm_44100',
        }),
      ),
    );
    expect(loop.length).toBe(88200);
    expect(seamRatio(loop)).toBeLessThan(6);
    const tone = pcmOf(
      await bytesOf(
        await client.textToSoundEffects.convert({
          text: '440 Hz test tone',
          durationSeconds: 1,
          outputFormat: 'pcm_24000',
        }),
      ),
    );
    expect(tone.length).toBe(24000);
    expect(peakHz(tone, 24000)).toBeCloseTo(440, -1);
    const mp3 = await bytesOf(
      await client.textToSoundEffects.convert({ text: 'car engine idling', durationSeconds: 4.5 }),
    );
    const decoded = await decodeAudio(mp3, 16000);
    expect(Math.abs(decoded.length / 16000 - 4.5)).toBeLessThan(0.08);
    // Without a duration the category's usual length (a whoosh: 1.5 s).
    const auto = pcmOf(
      await bytesOf(
        await client.textToSoundEffects.convert({ text: 'fast whoosh', outputFormat: 'pcm_16000' }),
      ),
    );
    expect(auto.length).toBe(24000);
  });

  it('refuses a prompt it cannot make with 422 and what it can make, charging and keeping nothing', async () => {
    const before = await sfxSecondsUsed(app.database.db, owner.workspaceId);
    const n = await rows(owner.workspaceId);
    const err = await client.textToSoundEffects
      .convert({ text: 'A dog barking in the rain', durationSeconds: 2 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ElevenLabsError);
    expect((err as ElevenLabsError).statusCode).toBe(422);
    expect((err as ElevenLabsError).body).toEqual({
      detail: {
        status: 'prompt_not_supported',
        message: unservedPromptMessage({ ok: false, reason: 'unserved', sources: ['dog'] }),
      },
    });
    const post = (body: unknown) =>
      app.request('/v1/sound-generation', {
        method: 'POST',
        headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const unknown = await post({ text: 'Spacious braam for a trailer' });
    expect(unknown.status).toBe(422);
    expect(((await unknown.json()) as Detail).detail.message).toContain('It can make: rain, thunder, wind');
    expect((await post({ text: 'rain', duration_seconds: 31 })).status).toBe(422);
    expect((await post({ text: 'rain', duration_seconds: 0.2 })).status).toBe(422);
    expect((await post({ text: 'rain', prompt_influence: 2 })).status).toBe(422);
    expect((await post({ text: '  ' })).status).toBe(422);
    expect((await post({ text: 'rain', model_id: 'nope' })).status).toBe(400);
    expect(await sfxSecondsUsed(app.database.db, owner.workspaceId)).toBe(before);
    expect(await rows(owner.workspaceId)).toBe(n);
  });

  it('meters sound-effect seconds against the plan (free: 250 a month) and refuses past them', async () => {
    const u = await createTestUser(app);
    expect(await debitSfxSeconds(app.database.db, u.workspaceId, 248.5, 250)).toBe(248.5);
    const res = await app.request('/v1/sound-generation?enable_logging=true', {
      method: 'POST',
      headers: { 'xi-api-key': u.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'rain', duration_seconds: 2 }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      detail: {
        status: 'quota_exceeded',
        message:
          'This sound effect needs 2 seconds, but your plan has only 1.5 seconds of sound effects left this month.',
      },
    });
    expect(await rows(u.workspaceId)).toBe(0);
    const ok = await app.request('/v1/sound-generation?output_format=pcm_16000', {
      method: 'POST',
      headers: { 'xi-api-key': u.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'rain', duration_seconds: 1.5 }),
    });
    expect(ok.status).toBe(200);
    expect(await sfxSecondsUsed(app.database.db, u.workspaceId)).toBe(250);
  });

  it('lists the categories with previews that are real generated audio', async () => {
    const res = await get(owner, '/v1/sound-generation/categories');
    const body = (await res.json()) as {
      generator: string;
      categories: { category_id: string; examples: { prompt: string; preview_url: string }[] }[];
    };
    expect(body.generator).toContain('procedural synthesis, not a generative model');
    expect(body.categories.map((c) => c.category_id)).toContain('heartbeat');
    const tone = body.categories.find((c) => c.category_id === 'tone')!;
    const preview = await get(owner, tone.examples[0]!.preview_url);
    expect(preview.headers.get('content-type')).toBe('audio/mpeg');
    const pcm = await decodeAudio(new Uint8Array(await preview.arrayBuffer()), 16000);
    expect(pcm.length / 16000).toBeCloseTo(1, 1);
    expect(peakHz(pcm, 16000)).toBeCloseTo(1000, -1);
    expect((await get(owner, '/v1/sound-generation/categories/tone/examples/7/audio')).status).toBe(404);
    expect((await get(owner, '/v1/sound-generation/categories/dogs/examples/0/audio')).status).toBe(422);
  });
});
