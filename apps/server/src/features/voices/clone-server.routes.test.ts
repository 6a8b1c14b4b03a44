import type { ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { measureSamples } from '@vocalis/speech/profile/clone';
import { HARVARD_SENTENCES } from '@vocalis/speech/quality/sentences';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';
import {
  startCloneServerStandIn,
  type CloneServerStandIn,
} from '@vocalis/speech/testing/clone-server-stand-in';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voices } from '../../db/schema/voices';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

const TEXT = 'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background.';

/** A cloned voice speaks through the voice cloning server when SPEECH_CLONE_URL is set (decision 076). */
describe(`cloned voices on a voice cloning server, on ${process.env.TEST_DB}`, () => {
  let stand: CloneServerStandIn;
  let app: TestApp;
  let owner: TestUser;
  let client: ElevenLabsClient;
  let voiceId: string;
  let sampleWav: Uint8Array;
  let samplePitch: number;

  beforeAll(async () => {
    stand = await startCloneServerStandIn({ apiKey: 'clone-key' });
    app = await startTestApp({ env: { SPEECH_CLONE_URL: stand.url, SPEECH_CLONE_API_KEY: 'clone-key' } });
    owner = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    const spoken = await synthesizeToPcm({
      engine: createFliteEngine(),
      voice: 'slt',
      text: HARVARD_SENTENCES.slice(0, 5).join(' '),
      prosody: { pitch: 1.2 },
    });
    sampleWav = encodeWav(spoken.pcm, spoken.sampleRate);
    samplePitch = (await measureSamples([spoken])).pitchHz;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await stand?.close();
  });

  const speak = async (id: string) => {
    const audio = await client.textToSpeech.convert(id, { text: TEXT, outputFormat: 'pcm_16000' });
    const raw = new Uint8Array(await new Response(audio).arrayBuffer());
    const pcm = new Int16Array(raw.buffer, raw.byteOffset, raw.byteLength / 2);
    return {
      seconds: pcm.length / 16000,
      pitch: (await measureSamples([{ pcm, sampleRate: 16000 }])).pitchHz,
    };
  };

  it('uploads a clone\u2019s samples once and speaks as the clone the server made from them', async () => {
    const created = await client.voices.ivc.create({
      name: 'Remote Clone',
      files: [new File([Buffer.from(sampleWav)], 'me.wav', { type: 'audio/wav' })],
    });
    voiceId = created.voiceId;
    expect(stand.calls.uploads).toEqual([]); // uploaded when it is first spoken, not before

    const first = await speak(voiceId);
    expect(stand.calls.uploads).toEqual([
      {
        name: 'Remote Clone',
        reference: expect.stringMatching(new RegExp(`^${voiceId}@`)),
        files: 1,
        authorization: 'Bearer clone-key',
      },
    ]);
    // The stand-in answers its speaker's median pitch as a tone, 70 ms per character: that is what came back.
    const speakerPitch = stand.speakers.get(stand.calls.speech[0]!.speakerId)!;
    expect(Math.abs(speakerPitch / samplePitch - 1)).toBeLessThan(0.05);
    expect(Math.abs(first.pitch / speakerPitch - 1)).toBeLessThan(0.05);
    expect(stand.calls.speech.map((s) => s.text.trim())).toEqual([
      'The birch canoe slid on the smooth planks.',
      'Glue the sheet to the dark blue background.',
    ]);

    await speak(voiceId);
    expect(stand.calls.uploads).toHaveLength(1); // kept, not uploaded again
    const [row] = await app.database.db.select().from(voices).where(eq(voices.id, voiceId));
    expect(row!.profile.remote).toMatchObject({
      url: stand.url,
      speakerId: stand.calls.speech[0]!.speakerId,
    });
  }, 120_000);

  it('uploads again when the server lost the speaker (restarted without storage)', async () => {
    stand.forgetSpeakers();
    const again = await speak(voiceId);
    expect(stand.calls.uploads).toHaveLength(2);
    expect(Math.abs(again.pitch / samplePitch - 1)).toBeLessThan(0.05);
  }, 120_000);

  it('answers 502 with the reason when the cloning server fails, and charges nothing', async () => {
    const before = (await client.user.subscription.get()).characterCount;
    stand.failSpeechWith(500);
    const e = await client.textToSpeech.convert(voiceId, { text: TEXT }).then(
      () => null,
      (err: unknown) => err as ElevenLabsError,
    );
    stand.failSpeechWith(undefined);
    expect(e?.statusCode).toBe(502);
    expect((e?.body as { detail: { status: string; message: string } }).detail).toEqual({
      status: 'voice_clone_server_unavailable',
      message: expect.stringMatching(
        /^The voice cloning server answered POST \/v1\/speakers\/spk_\d+\/speech with HTTP 500: the model crashed\.$/,
      ),
    });
    expect((await client.user.subscription.get()).characterCount).toBe(before);
  }, 60_000);

  it('keeps voices without samples (designed) on their profile and deletes the speaker with the voice', async () => {
    const [row] = await app.database.db.select().from(voices).where(eq(voices.id, voiceId));
    const designed = `${voiceId.slice(0, 12)}design`;
    await app.database.db.insert(voices).values({
      ...row!,
      id: designed,
      category: 'generated',
      profile: { ...row!.profile, remote: undefined },
    });
    const calls = stand.calls.speech.length;
    const spoken = await speak(designed);
    expect(spoken.seconds).toBeGreaterThan(2);
    expect(stand.calls.speech).toHaveLength(calls); // spoken by the built-in engine, not the clone

    await client.voices.delete(voiceId);
    expect(stand.calls.deletes.at(-1)).toBe(row!.profile.remote!.speakerId);
    expect(stand.speakers.has(row!.profile.remote!.speakerId)).toBe(false);
  }, 60_000);
});

describe(`a voice cloning server that is down, on ${process.env.TEST_DB}`, () => {
  it('answers 502 saying the server cannot be reached', async () => {
    const stand = await startCloneServerStandIn();
    const url = stand.url;
    await stand.close();
    const app = await startTestApp({ env: { SPEECH_CLONE_URL: url } });
    try {
      const owner = await createTestUser(app);
      const client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
      const spoken = await synthesizeToPcm({
        engine: createFliteEngine(),
        voice: 'kal16',
        text: HARVARD_SENTENCES.slice(0, 4).join(' '),
      });
      const { voiceId } = await client.voices.ivc.create({
        name: 'Down',
        files: [
          new File([Buffer.from(encodeWav(spoken.pcm, spoken.sampleRate))], 'me.wav', { type: 'audio/wav' }),
        ],
      });
      const res = await app.request(`/v1/text-to-speech/${voiceId}`, {
        method: 'POST',
        headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Hello.' }),
      });
      expect(res.status).toBe(502);
      expect(await res.json()).toEqual({
        detail: {
          status: 'voice_clone_server_unavailable',
          message: `Cannot reach the voice cloning server at ${url} (ECONNREFUSED).`,
        },
      });
    } finally {
      await app.close();
    }
  }, 120_000);
});
