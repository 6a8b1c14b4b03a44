import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { decodeWav, encodeWav } from '@vocalis/speech/audio/wav';
import { resample } from '@vocalis/speech/audio/resample';
import { medianPitch } from '@vocalis/speech/dsp/pitch';
import { createEspeakEngine } from '@vocalis/speech/engines/espeak';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { HARVARD_SENTENCES } from '@vocalis/speech/quality/sentences';
import { concat, synthesizeToPcm } from '@vocalis/speech/synthesize';
import { count, eq } from 'drizzle-orm';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceSamples, voices } from '../../db/schema/voices';
import { workspaces } from '../../db/schema/workspaces';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

type Detail = { detail: { status: string; message: string } };
const wav = async (text: string, voice = 'kal16', rate = 1) => {
  const a = await synthesizeToPcm({ engine: createFliteEngine(), voice, text, prosody: { rate } });
  return encodeWav(a.pcm, a.sampleRate);
};
const file = (bytes: Uint8Array, name: string) => new File([Buffer.from(bytes)], name, { type: 'audio/wav' });

/** A clip of two voices taking turns: eSpeak's low male and Flite's high female, 0.7 s apart. */
async function dialogue() {
  const espeak = await createEspeakEngine();
  const flite = createFliteEngine();
  const gap = new Int16Array(11200);
  const parts: Int16Array[] = [];
  for (let i = 0; i < 4; i++) {
    const a =
      i % 2
        ? await synthesizeToPcm({ engine: flite, voice: 'slt', text: HARVARD_SENTENCES[i]! })
        : await synthesizeToPcm({ engine: espeak, voice: 'en-us+m3', text: HARVARD_SENTENCES[i]! });
    parts.push(await resample(a.pcm, a.sampleRate, 16000), gap);
  }
  return encodeWav(concat(parts), 16000);
}

describe(`professional voice cloning on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let free: TestUser;
  let client: ElevenLabsClient;
  let voiceId: string;
  let sampleIds: string[] = [];
  let dialogueId: string;

  const tier = (u: TestUser, t: string) =>
    app.database.db.update(workspaces).set({ subscriptionTier: t }).where(eq(workspaces.id, u.workspaceId));
  const sdkError = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      if (e instanceof ElevenLabsError) return { status: e.statusCode, body: e.body as Detail };
      throw e;
    }
    throw new Error('the call succeeded');
  };
  const rows = async (workspaceId: string) =>
    (await app.database.db.select({ n: count() }).from(voices).where(eq(voices.workspaceId, workspaceId)))[0]!
      .n;

  beforeAll(async () => {
    app = await startTestApp();
    [owner, other, free] = await Promise.all([createTestUser(app), createTestUser(app), createTestUser(app)]);
    await tier(owner, 'creator');
    await tier(other, 'creator');
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
  }, 60_000);
  afterAll(() => app?.close());

  it('refuses a professional voice on the free plan and leaves no row', async () => {
    const c = new ElevenLabsClient({ apiKey: free.apiKey, baseUrl: app.url });
    const e = await sdkError(c.voices.pvc.create({ name: 'Mine', language: 'en' }));
    expect(e.status).toBe(400);
    expect(e.body.detail.status).toBe('professional_voice_limit_reached');
    expect(e.body.detail.message).toMatch(/does not include professional voice cloning/);
    expect(await rows(free.workspaceId)).toBe(0);
  });

  it('creates a professional voice with the SDK; it is listed as professional, not trained, and cannot speak yet', async () => {
    const created = await client.voices.pvc.create({
      name: 'Narrator',
      language: 'en',
      description: 'My reading voice',
      labels: { accent: 'american' },
    });
    voiceId = created.voiceId;
    await client.voices.pvc.update(voiceId, { name: 'Narrator Pro' });
    const voice = await client.voices.get(voiceId);
    expect(voice).toMatchObject({
      name: 'Narrator Pro',
      category: 'professional',
      description: 'My reading voice',
    });
    expect(voice.fineTuning?.state).toEqual({ vocalis_multilingual_v1: 'not_started' });
    expect(voice.fineTuning?.isAllowedToFineTune).toBe(false);
    // Listed with every voice, though it cannot speak yet.
    const all = await client.voices.getAll();
    expect(all.voices.find((v) => v.voiceId === voiceId)?.category).toBe('professional');
    const e = await sdkError(client.textToSpeech.convert(voiceId, { text: 'Hello there.' }));
    expect(e.body.detail.status).toBe('voice_not_fine_tuned');
    // A creator workspace has one professional slot: the second is refused, and no row is left.
    const again = await sdkError(client.voices.pvc.create({ name: 'Second', language: 'en' }));
    expect(again.body.detail.status).toBe('professional_voice_limit_reached');
    expect(await rows(owner.workspaceId)).toBe(1);
    const sub = (await (
      await app.request('/v1/user/subscription', { headers: { 'xi-api-key': owner.apiKey } })
    ).json()) as Record<string, unknown>;
    expect(sub).toMatchObject({
      professional_voice_slots_used: 1,
      professional_voice_limit: 1,
      voice_slots_used: 1,
    });
  });

  it('grants another professional voice with extra_pvc_slots', async () => {
    await app.database.db
      .update(workspaces)
      .set({ extraPvcSlots: 1 })
      .where(eq(workspaces.id, owner.workspaceId));
    const second = await client.voices.pvc.create({ name: 'Second', language: 'en' });
    // Without a description, the list says what it is.
    const listed = (await client.voices.getAll()).voices.find((v) => v.voiceId === second.voiceId);
    expect(listed?.category).toBe('professional');
    expect((await client.voices.get(second.voiceId)).category).toBe('professional');
    // Without samples there is no voice to compare a captcha reader with: refused, no attempt used.
    const early = await sdkError(
      client.voices.pvc.verification.captcha.verify(second.voiceId, {
        recording: file(await wav('Good morning to you.'), 'captcha.wav'),
      }),
    );
    expect(early.status).toBe(400);
    expect(early.body.detail.status).toBe('no_samples');
    expect((await client.voices.get(second.voiceId)).fineTuning?.verificationAttemptsCount).toBe(0);
    await client.voices.delete(second.voiceId);
    await app.database.db
      .update(workspaces)
      .set({ extraPvcSlots: 0 })
      .where(eq(workspaces.id, owner.workspaceId));
  });

  it('uploads many samples at once, with audio and a waveform of each', async () => {
    const samples = await client.voices.pvc.samples.create(voiceId, {
      files: [
        file(await wav(HARVARD_SENTENCES.slice(0, 3).join(' ')), 'one.wav'),
        file(await wav(HARVARD_SENTENCES.slice(3, 6).join(' ')), 'two.wav'),
        file(await dialogue(), 'dialogue.wav'),
      ],
    });
    expect(samples.map((s) => s.fileName)).toEqual(['one.wav', 'two.wav', 'dialogue.wav']);
    sampleIds = samples.map((s) => s.sampleId!);
    dialogueId = sampleIds[2]!;
    const audio = await client.voices.pvc.samples.audio.get(voiceId, sampleIds[0]!);
    const decoded = decodeWav(Buffer.from(audio.audioBase64, 'base64'));
    expect(decoded.pcm.length / decoded.sampleRate).toBeCloseTo(samples[0]!.durationSecs!, 1);
    const wave = await client.voices.pvc.samples.waveform.get(voiceId, sampleIds[0]!);
    expect(wave.visualWaveform).toHaveLength(100);
    expect(Math.max(...wave.visualWaveform)).toBeGreaterThan(0.1);
    expect(Math.min(...wave.visualWaveform)).toBeLessThan(0.05);
  }, 60_000);

  it('trims a sample and removes its noise from the stored original, and undoes both', async () => {
    const id = sampleIds[1]!;
    const sampleOf = async () => (await client.voices.get(voiceId)).samples!.find((x) => x.sampleId === id)!;
    const seconds = async () => {
      const a = await client.voices.pvc.samples.audio.get(voiceId, id);
      const d = decodeWav(Buffer.from(a.audioBase64, 'base64'));
      return d.pcm.length / d.sampleRate;
    };
    const full = await seconds();
    expect(full).toBeGreaterThan(4);
    await client.voices.pvc.samples.update(voiceId, id, { trimStartTime: 500, trimEndTime: 3000 });
    expect(await seconds()).toBeCloseTo(2.5, 2);
    expect(await sampleOf()).toMatchObject({ trimStart: 500, trimEnd: 3000, durationSecs: 2.5 });
    // Noise removal keeps the trim; the audio is processed again (not the same bytes).
    const before = (await client.voices.pvc.samples.audio.get(voiceId, id)).audioBase64;
    await client.voices.pvc.samples.update(voiceId, id, { removeBackgroundNoise: true });
    expect(await sampleOf()).toMatchObject({ trimStart: 500, trimEnd: 3000, removeBackgroundNoise: true });
    expect((await client.voices.pvc.samples.audio.get(voiceId, id)).audioBase64).not.toBe(before);
    expect(await seconds()).toBeCloseTo(2.5, 2);
    // A trim that ends before it starts, or keeps no speech, is refused and changes nothing.
    const backwards = await sdkError(
      client.voices.pvc.samples.update(voiceId, id, { trimStartTime: 2000, trimEndTime: 1000 }),
    );
    expect(backwards.body.detail.status).toBe('invalid_trim');
    const silent = await sdkError(
      client.voices.pvc.samples.update(voiceId, id, { trimStartTime: 0, trimEndTime: 20 }),
    );
    expect(silent.status).toBe(400);
    expect(await sampleOf()).toMatchObject({ trimStart: 500, trimEnd: 3000 });
    // null clears the trim; noise removal off gives the original's processing back.
    const res = await app.request(`/v1/voices/pvc/${voiceId}/samples/${id}`, {
      method: 'POST',
      headers: { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ trim_start_time: null, trim_end_time: null, remove_background_noise: false }),
    });
    expect(res.status).toBe(200);
    const cleared = await sampleOf();
    expect([cleared.trimStart, cleared.trimEnd, cleared.removeBackgroundNoise]).toEqual([
      undefined, // the SDK reads JSON null as undefined
      undefined,
      false,
    ]);
    expect(await seconds()).toBeCloseTo(full, 2);
    // The replaced audio files are gone: two files per sample remain.
    const dir = path.join(app.config.filesDir, 'voices', owner.workspaceId, voiceId);
    expect(readdirSync(dir)).toHaveLength(3 * 2);
  }, 60_000);

  it('refuses an unsupported file among many and stores none of them', async () => {
    const before = await app.database.db
      .select({ n: count() })
      .from(voiceSamples)
      .where(eq(voiceSamples.voiceId, voiceId));
    const e = await sdkError(
      client.voices.pvc.samples.create(voiceId, {
        files: [file(await wav('A good sample of speech here.'), 'ok.wav'), new File(['hi'], 'notes.txt')],
      }),
    );
    expect(e.body.detail.status).toBe('unsupported_audio_type');
    const after = await app.database.db
      .select({ n: count() })
      .from(voiceSamples)
      .where(eq(voiceSamples.voiceId, voiceId));
    expect(after[0]!.n).toBe(before[0]!.n);
    const dir = path.join(app.config.filesDir, 'voices', owner.workspaceId, voiceId);
    expect(readdirSync(dir)).toHaveLength(3 * 2);
  }, 30_000);

  it('separates the two-voice sample into two speakers and gives each one its audio', async () => {
    expect((await client.voices.pvc.samples.speakers.separate(voiceId, dialogueId)).status).toBe('ok');
    const sep = await client.voices.pvc.samples.speakers.get(voiceId, dialogueId);
    expect(sep.status).toBe('completed');
    const speakers = Object.values(sep.speakers ?? {}).filter((x) => x !== undefined);
    expect(speakers).toHaveLength(2);
    expect(sep.selectedSpeakerIds).toEqual(['speaker_0']);
    // Each speaker's audio holds one voice: the low male's and the high female's pitch.
    const pitchOf = new Map<string, number>();
    for (const sp of speakers) {
      const audio = await client.voices.pvc.samples.speakers.audio.get(voiceId, dialogueId, sp.speakerId);
      const decoded = decodeWav(Buffer.from(audio.audioBase64, 'base64'));
      expect(decoded.pcm.length / decoded.sampleRate).toBeCloseTo(audio.durationSecs, 1);
      expect(audio.durationSecs).toBeGreaterThan(2);
      pitchOf.set(sp.speakerId, medianPitch(decoded.pcm, decoded.sampleRate));
    }
    expect(Math.max(...pitchOf.values())).toBeGreaterThan(160);
    expect(Math.min(...pitchOf.values())).toBeLessThan(140);
    // Choose the low male speaker only; an unknown speaker is refused.
    const low = speakers.find((s) => pitchOf.get(s.speakerId)! < 140)!;
    await client.voices.pvc.samples.update(voiceId, dialogueId, { selectedSpeakerIds: [low.speakerId] });
    expect((await client.voices.pvc.samples.speakers.get(voiceId, dialogueId)).selectedSpeakerIds).toEqual([
      low.speakerId,
    ]);
    const bad = await sdkError(
      client.voices.pvc.samples.update(voiceId, dialogueId, { selectedSpeakerIds: ['speaker_9'] }),
    );
    expect(bad.status).toBe(404);
  }, 60_000);

  it('refuses training before verification', async () => {
    const e = await sdkError(client.voices.pvc.train(voiceId));
    expect(e.body.detail.status).toBe('voice_not_verified');
  });

  it('verifies with a recording of the captcha text in the voice of the samples, after refusing other words and another voice', async () => {
    const captcha = async () =>
      (await (
        await app.request(`/v1/voices/pvc/${voiceId}/captcha`, { headers: { 'xi-api-key': owner.apiKey } })
      ).json()) as { text: string; attempts_used: number };
    const verify = async (bytes: Uint8Array) => {
      const res = await app.request(`/v1/voices/pvc/${voiceId}/captcha`, {
        method: 'POST',
        headers: { 'xi-api-key': owner.apiKey },
        body: (() => {
          const form = new FormData();
          form.append('recording', file(bytes, 'captcha.wav'));
          return form;
        })(),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { status: string; failure?: string; speaker_distance: number | null };
    };
    // Other words, in the samples' voice.
    await captcha();
    const wrong = await client.voices.pvc.verification.captcha.verify(voiceId, {
      recording: file(
        await wav('Bananas grow on tall green plants in the hot sun.', 'kal16', 0.9),
        'wrong.wav',
      ),
    });
    expect(wrong.status).toBe('failed');
    // The right words read by a woman: the words pass, the voice does not.
    const c2 = await captcha();
    expect(c2.attempts_used).toBe(1);
    const otherVoice = await verify(await wav(c2.text, 'slt', 0.9));
    expect(otherVoice.status).toBe('failed');
    expect(otherVoice.failure).toBe("The recording's voice does not match the voice's samples.");
    expect(otherVoice.speaker_distance).toBeGreaterThan(4);
    // The right words in the samples' voice.
    const c3 = await captcha();
    expect(c3.attempts_used).toBe(2);
    const right = await verify(await wav(c3.text, 'kal16', 0.9));
    expect(right.status).toBe('ok');
    expect(right.speaker_distance).toBeLessThan(4);
    const voice = await client.voices.get(voiceId);
    expect(voice.fineTuning?.verificationAttemptsCount).toBe(3);
    expect(voice.fineTuning?.isAllowedToFineTune).toBe(true);
    expect(voice.fineTuning?.verificationAttempts?.map((a) => a.accepted)).toEqual([false, false, true]);
    expect(voice.fineTuning?.verificationFailures?.[1]).toMatch(/does not match the voice's samples/);
  }, 90_000);

  it('trains with a job to fine_tuned, then speaks with the trained voice', async () => {
    expect((await client.voices.pvc.train(voiceId)).status).toBe('ok');
    const again = await sdkError(client.voices.pvc.train(voiceId));
    expect([409, 200]).toContain(again.status);
    let voice = await client.voices.get(voiceId);
    for (let i = 0; i < 240 && voice.fineTuning?.state?.vocalis_multilingual_v1 !== 'fine_tuned'; i++) {
      await new Promise((r) => setTimeout(r, 500));
      voice = await client.voices.get(voiceId);
      expect(voice.fineTuning?.state?.vocalis_multilingual_v1).not.toBe('failed');
    }
    expect(voice.fineTuning?.progress).toEqual({ vocalis_multilingual_v1: 1 });
    expect(voice.fineTuning?.message?.vocalis_multilingual_v1).toMatch(
      /sentences .*speaking rate timed on the verification reading/,
    );
    const stream = await client.textToSpeech.convert(voiceId, {
      text: 'Good morning to you.',
      outputFormat: 'pcm_16000',
    });
    const raw = new Uint8Array(await new Response(stream).arrayBuffer());
    expect(raw.byteLength / 2 / 16000).toBeGreaterThan(0.5);
  }, 150_000);

  it('lists its collections and its sharing in /v1/voices (the voice library has them)', async () => {
    const h = { 'xi-api-key': owner.apiKey, 'content-type': 'application/json' };
    const created = await app.request('/v1/voices/collections', {
      method: 'POST',
      headers: h,
      body: JSON.stringify({ title: 'Narrators' }),
    });
    const { collection_id } = (await created.json()) as { collection_id: string };
    expect(
      (
        await app.request(`/v1/voices/collections/${collection_id}/voice/${voiceId}`, {
          method: 'POST',
          headers: { 'xi-api-key': owner.apiKey },
        })
      ).status,
    ).toBe(200);
    const shared = await app.request(`/v1/voices/${voiceId}/share-library`, {
      method: 'POST',
      headers: h,
      body: '{}',
    });
    expect(shared.status).toBe(200);
    const list = (await (await app.request('/v1/voices', { headers: h })).json()) as {
      voices: { voice_id: string; collection_ids: string[]; sharing: { status: string } | null }[];
    };
    const mine = list.voices.find((v) => v.voice_id === voiceId)!;
    expect(mine.collection_ids).toEqual([collection_id]);
    expect(mine.sharing?.status).toBe('enabled');
    const one = (await (await app.request(`/v1/voices/${voiceId}`, { headers: h })).json()) as typeof mine;
    expect(one.collection_ids).toEqual([collection_id]);
  });

  it('answers 404 to another workspace on every professional voice route', async () => {
    const o = { 'xi-api-key': other.apiKey };
    const s = sampleIds[0]!;
    const calls: [string, string][] = [
      ['POST', `/v1/voices/pvc/${voiceId}`],
      ['POST', `/v1/voices/pvc/${voiceId}/train`],
      ['GET', `/v1/voices/pvc/${voiceId}/captcha`],
      ['POST', `/v1/voices/pvc/${voiceId}/samples/${s}`],
      ['DELETE', `/v1/voices/pvc/${voiceId}/samples/${s}`],
      ['GET', `/v1/voices/pvc/${voiceId}/samples/${s}/audio`],
      ['GET', `/v1/voices/pvc/${voiceId}/samples/${s}/waveform`],
      ['POST', `/v1/voices/pvc/${voiceId}/samples/${s}/separate-speakers`],
      ['GET', `/v1/voices/pvc/${voiceId}/samples/${s}/speakers`],
      ['GET', `/v1/voices/pvc/${voiceId}/samples/${dialogueId}/speakers/speaker_0/audio`],
    ];
    for (const [method, url] of calls) {
      const json: Record<string, string> = method === 'POST' ? { 'content-type': 'application/json' } : {};
      const res = await app.request(url, {
        method,
        headers: { ...o, ...json },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    for (const url of [
      `/v1/voices/pvc/${voiceId}/samples`,
      `/v1/voices/pvc/${voiceId}/captcha`,
      `/v1/voices/pvc/${voiceId}/verification`,
    ]) {
      const form = new FormData();
      form.append(
        url.endsWith('captcha') ? 'recording' : 'files',
        file(await wav('Hello there, friend.'), 'x.wav'),
      );
      const res = await app.request(url, { method: 'POST', headers: o, body: form });
      expect(res.status, url).toBe(404);
    }
    expect(
      (
        await app.database.db
          .select({ n: count() })
          .from(voiceSamples)
          .where(eq(voiceSamples.voiceId, voiceId))
      )[0]!.n,
    ).toBe(3);
  }, 60_000);

  it('deletes a sample with its files', async () => {
    expect((await client.voices.pvc.samples.delete(voiceId, sampleIds[1]!)).status).toBe('ok');
    const dir = path.join(app.config.filesDir, 'voices', owner.workspaceId, voiceId);
    // Two files for each of the two samples left, and the accepted captcha reading.
    expect(readdirSync(dir).sort()).toHaveLength(2 * 2 + 1);
    expect(readdirSync(dir).filter((f) => f.startsWith('captcha-'))).toHaveLength(1);
  });

  it('deletes the voice with every file it had, the captcha reading too', async () => {
    await client.voices.delete(voiceId);
    const dir = path.join(app.config.filesDir, 'voices', owner.workspaceId, voiceId);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });
});
