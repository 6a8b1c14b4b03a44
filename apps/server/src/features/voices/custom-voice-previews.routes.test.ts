import { existsSync } from 'node:fs';
import path from 'node:path';
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { createEspeakEngine } from '@vocalis/speech/engines/espeak';
import { HARVARD_SENTENCES } from '@vocalis/speech/quality/sentences';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voices } from '../../db/schema/voices';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

/** Decoded length in seconds of an mp3 body. */
const seconds = async (bytes: ArrayBuffer) =>
  (await decodeAudio(new Uint8Array(bytes), 16000)).length / 16000;

describe(`previews of a workspace's own voices on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let voiceId: string;
  let wav: Uint8Array;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    const espeak = await createEspeakEngine();
    const speech = await synthesizeToPcm({
      engine: espeak,
      voice: 'en-us+m3',
      text: HARVARD_SENTENCES.slice(0, 4).join(' '),
    });
    wav = encodeWav(speech.pcm, speech.sampleRate);
  }, 120_000);
  afterAll(() => app?.close());

  const clipPath = (url: string) =>
    path.join(
      app.config.filesDir,
      'voices',
      owner.workspaceId,
      voiceId,
      `preview.${new URL(url).searchParams.get('v')}.mp3`,
    );

  it('a free workspace is told it may clone instantly, and it can (billing.md: free has 3 custom voices)', async () => {
    const sub = await client.user.subscription.get();
    expect(sub.tier).toBe('free');
    expect(sub.canUseInstantVoiceCloning).toBe(true);
    expect((await client.user.get()).subscription.canUseInstantVoiceCloning).toBe(true);
    const created = await client.voices.ivc.create({
      name: 'Preview Clone',
      files: [new File([Buffer.from(wav)], 'me.wav', { type: 'audio/wav' })],
    });
    voiceId = created.voiceId;
    // The workspace-voices page shows who added it, from the voice row's creator.
    const raw = (await (
      await fetch(`${app.url}/v1/voices/${voiceId}`, { headers: { 'xi-api-key': owner.apiKey } })
    ).json()) as { added_by: unknown };
    expect(raw.added_by).toEqual({ user_id: owner.id, name: owner.email.split('@')[0] });
    // The first clone of a process measures the base voices first (seconds, more on a busy machine).
  }, 240_000);

  it('gives the clone a preview URL that plays a fixed sentence in its voice, with byte ranges', async () => {
    const voice = await client.voices.get(voiceId);
    const url = voice.previewUrl!;
    expect(url).toMatch(
      new RegExp(`^${app.config.publicUrl}/v1/voices/${voiceId}/preview\\?v=[0-9a-f]{16}$`),
    );
    expect(voice.verifiedLanguages?.[0]?.previewUrl).toBe(url);
    const listed = (await client.voices.getAll()).voices.find((v) => v.voiceId === voiceId);
    expect(listed?.previewUrl).toBe(url);
    expect(existsSync(clipPath(url))).toBe(false);

    const res = await fetch(url, { headers: { 'xi-api-key': owner.apiKey } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('cache-control')).toBe('private, max-age=604800');
    const body = await res.arrayBuffer();
    // About 7 s of speech for the fixed sentence; a plausible spoken length, not silence or a stub.
    const duration = await seconds(body);
    expect(duration).toBeGreaterThan(3);
    expect(duration).toBeLessThan(15);
    expect(existsSync(clipPath(url))).toBe(true);

    const part = await fetch(url, { headers: { 'xi-api-key': owner.apiKey, range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${body.byteLength}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const cached = await fetch(url, {
      headers: { 'xi-api-key': owner.apiKey, 'if-none-match': res.headers.get('etag')! },
    });
    expect(cached.status).toBe(304);
  }, 60_000);

  it('plays the clip to its own workspace only: others and anonymous callers get 404', async () => {
    const { previewUrl } = await client.voices.get(voiceId);
    const foreign = await fetch(previewUrl!, { headers: { 'xi-api-key': other.apiKey } });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({
      detail: { status: 'voice_not_found', message: `A voice with the voice_id ${voiceId} was not found.` },
    });
    expect((await fetch(previewUrl!)).status).toBe(404);
    // The browser plays it with the session cookie.
    expect((await fetch(previewUrl!, { headers: { cookie: owner.cookie } })).status).toBe(200);
  });

  it('lists a voice under safety_control BAN with the flag, and refuses to speak with it', async () => {
    await app.database.db.update(voices).set({ safetyControl: 'BAN' }).where(eq(voices.id, voiceId));
    expect((await client.voices.get(voiceId)).safetyControl).toBe('BAN');
    const res = await fetch(`${app.url}/v1/text-to-speech/${voiceId}`, {
      method: 'POST',
      headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Hello there.' }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { detail: { status: string } }).detail.status).toBe('voice_blocked');
    await app.database.db.update(voices).set({ safetyControl: null }).where(eq(voices.id, voiceId));
  });

  it('keeps the clip through a rename, makes a new one after a refit, and removes it with the voice', async () => {
    const before = (await client.voices.get(voiceId)).previewUrl!;
    await client.voices.update(voiceId, { name: 'Renamed Clone' });
    expect((await client.voices.get(voiceId)).previewUrl).toBe(before);

    // A second sample refits the profile: a new version, and the old clip is gone.
    const high = await synthesizeToPcm({
      engine: await createEspeakEngine(),
      voice: 'en-us+f2',
      text: HARVARD_SENTENCES.slice(4, 8).join(' '),
    });
    await client.voices.update(voiceId, {
      name: 'Renamed Clone',
      files: [
        new File([Buffer.from(encodeWav(high.pcm, high.sampleRate))], 'two.wav', { type: 'audio/wav' }),
      ],
    });
    const after = (await client.voices.get(voiceId)).previewUrl!;
    expect(after).not.toBe(before);
    expect(existsSync(clipPath(before))).toBe(false);
    const res = await fetch(after, { headers: { 'xi-api-key': owner.apiKey } });
    expect(res.status).toBe(200);
    expect(await seconds(await res.arrayBuffer())).toBeGreaterThan(3);
    expect(existsSync(clipPath(after))).toBe(true);

    await client.voices.delete(voiceId);
    expect(existsSync(clipPath(after))).toBe(false);
    expect((await fetch(after, { headers: { 'xi-api-key': owner.apiKey } })).status).toBe(404);
  }, 120_000);
});
