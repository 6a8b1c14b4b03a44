import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { measureSamples } from '@vocalis/speech/profile/clone';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voicePreviews } from '../../db/schema/voice-previews';
import { voices } from '../../db/schema/voices';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';
import { voicePreviewsPruneJob } from './voice-previews-prune.job';

type Detail = { detail: { status: string; message: string } };
type Preview = {
  audio_base_64: string;
  generated_voice_id: string;
  media_type: string;
  duration_secs: number;
  attributes: Record<string, string>;
  pitch_median_hz: number;
};
type DesignBody = {
  previews: Preview[];
  text: string;
  text_auto_generated: boolean;
  description: { understood: { word: string }[]; unused_words: string[]; varied: string[]; notes: string[] };
};

const TEXT =
  'The old lighthouse keeper climbed the stairs every evening at dusk. He trimmed the wick, wiped the glass, and watched the sea.';

/** How SDK errors read: status and the detail body. */
async function failure(p: Promise<unknown>) {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ElevenLabsError);
  return { status: (e as ElevenLabsError).statusCode, body: (e as ElevenLabsError).body as Detail };
}

describe(`voice design on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let otherClient: ElevenLabsClient;

  beforeAll(async () => {
    app = await startTestApp();
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    otherClient = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
  }, 60_000);
  afterAll(() => app?.close());

  const post = (u: TestUser, path: string, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'xi-api-key': u.apiKey },
      body: JSON.stringify(body),
    });
  const used = async (u: TestUser) => {
    const res = await app.request('/v1/user', { headers: { 'xi-api-key': u.apiKey } });
    return ((await res.json()) as { subscription: { character_count: number } }).subscription.character_count;
  };
  const pitchOf = async (mp3: Uint8Array) => {
    const pcm = await decodeAudio(mp3, 16000);
    return { seconds: pcm.length / 16000, measure: await measureSamples([{ pcm, sampleRate: 16000 }]) };
  };

  let calmWoman: DesignBody;

  it('answers three previews with the SDK that decode to their duration and differ along the open attributes', async () => {
    const before = await used(owner);
    const res = await client.textToVoice.createPreviews({ voiceDescription: 'A calm woman', text: TEXT });
    expect(res.previews).toHaveLength(3);
    expect(res.text).toBe(TEXT);
    const raw = await post(owner, '/v1/text-to-voice/create-previews', {
      voice_description: 'A calm woman',
      text: TEXT,
    });
    calmWoman = (await raw.json()) as DesignBody;
    // Age and pitch were left open: the previews spread over them.
    expect(calmWoman.description.varied).toEqual(['age', 'pitch']);
    expect(calmWoman.description.understood.map((u) => u.word)).toEqual(['calm', 'woman']);
    expect(calmWoman.previews.map((p) => p.attributes.pitch)).toEqual(['medium', 'high', 'low']);
    const measured = [];
    for (const p of calmWoman.previews) {
      expect(p.media_type).toBe('audio/mpeg');
      const audio = await pitchOf(Buffer.from(p.audio_base_64, 'base64'));
      expect(Math.abs(audio.seconds - p.duration_secs)).toBeLessThan(0.2);
      expect(p.duration_secs).toBeGreaterThan(4);
      measured.push(audio.measure.pitchHz);
    }
    // high > medium > low, as measured in the audio itself.
    expect(measured[1]).toBeGreaterThan(measured[0]! * 1.03);
    expect(measured[0]).toBeGreaterThan(measured[2]! * 1.1);
    // Charged like text to speech: the text once per call (two calls here).
    expect((await used(owner)) - before).toBe(2 * TEXT.length);
  }, 180_000);

  it('writes a text when none is sent and says so; design reads the description', async () => {
    const res = await post(owner, '/v1/text-to-voice/design', {
      voice_description: 'a deep, slow, older British man, warm and calm, mysterious',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as DesignBody;
    expect(body.text_auto_generated).toBe(true);
    expect(body.text.length).toBeGreaterThanOrEqual(100);
    expect(body.description.unused_words).toEqual(['mysterious']);
    expect(body.description.varied).toEqual([]);
    expect(body.description.notes.join(' ')).toMatch(/Scottish English voice/);
    for (const p of body.previews)
      expect(p.attributes).toMatchObject({
        gender: 'male',
        age: 'old',
        accent: 'british',
        pitch: 'low',
        pace: 'slow',
      });
    expect(new Set(body.previews.map((p) => p.pitch_median_hz)).size).toBe(3);
    const sdk = await client.textToVoice.design({
      voiceDescription: 'a fast, high, energetic girl',
      autoGenerateText: true,
    });
    expect(sdk.previews).toHaveLength(3);
    expect(sdk.previews[0]!.audioBase64.length).toBeGreaterThan(1000);
  }, 180_000);

  it('refuses a text outside 100-1000 characters and a description with nothing in it, charging nothing', async () => {
    const before = await used(owner);
    const short = await post(owner, '/v1/text-to-voice/design', {
      voice_description: 'a calm man',
      text: 'Too short.',
    });
    expect(short.status).toBe(400);
    expect(((await short.json()) as Detail).detail).toEqual({
      status: 'invalid_text',
      message:
        'text must be between 100 and 1000 characters (it has 10); leave it out or set auto_generate_text to have a text written for the voice.',
    });
    const empty = await post(owner, '/v1/text-to-voice/design', { voice_description: ' ' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as Detail).detail.status).toBe('invalid_voice_description');
    expect(await used(owner)).toBe(before);
  });

  let designedId: string;

  it('streams a preview and saves it as a generated voice usable for text to speech', async () => {
    const [medium, high] = calmWoman.previews;
    const streamed = new Uint8Array(
      await new Response(await client.textToVoice.preview.stream(high!.generated_voice_id)).arrayBuffer(),
    );
    expect(Buffer.from(streamed).equals(Buffer.from(high!.audio_base_64, 'base64'))).toBe(true);

    await post(owner, '/v1/user/onboarding-checklist/initiate', {});
    const voice = await client.textToVoice.create({
      voiceName: 'Calm High',
      voiceDescription: 'A calm woman, the higher one',
      generatedVoiceId: high!.generated_voice_id,
      labels: { use_case: 'narration' },
    });
    designedId = voice.voiceId;
    expect(voice).toMatchObject({
      name: 'Calm High',
      category: 'generated',
      description: 'A calm woman, the higher one',
    });
    expect(voice.labels).toMatchObject({ gender: 'female', use_case: 'narration', age: 'middle_aged' });
    const listed = (await client.voices.getAll()).voices.find((v) => v.voiceId === designedId);
    expect(listed?.category).toBe('generated');

    const speech = await client.textToSpeech.convert(designedId, { text: TEXT, outputFormat: 'pcm_16000' });
    const raw = new Uint8Array(await new Response(speech).arrayBuffer());
    const pcm = new Int16Array(raw.buffer, raw.byteOffset, raw.byteLength / 2);
    const spoken = await measureSamples([{ pcm, sampleRate: 16000 }]);
    const preview = await pitchOf(Buffer.from(high!.audio_base_64, 'base64'));
    // TTS applies similarity_boost 0.75 to the profile's shift (decision 060): near the preview, not equal.
    expect(Math.abs(spoken.pitchHz / preview.measure.pitchHz - 1)).toBeLessThan(0.12);

    // The preview is used up; the other previews stay until they expire.
    const again = await failure(
      client.textToVoice.create({
        voiceName: 'Twice',
        voiceDescription: 'x',
        generatedVoiceId: high!.generated_voice_id,
      }),
    );
    expect(again.status).toBe(404);
    expect(again.body.detail.status).toBe('generated_voice_not_found');
    expect(
      (
        await app.request(`/v1/text-to-voice/${medium!.generated_voice_id}/stream`, {
          headers: { 'xi-api-key': owner.apiKey },
        })
      ).status,
    ).toBe(200);

    const me = (await (await app.request('/v1/user', { headers: { cookie: owner.cookie } })).json()) as {
      onboarding_checklist: { items: { onboarding_checklist_item_id: string; is_completed: boolean }[] };
    };
    expect(
      me.onboarding_checklist.items.find((i) => i.onboarding_checklist_item_id === 'design_voice')
        ?.is_completed,
    ).toBe(true);
  }, 120_000);

  it('keeps previews to their workspace: another one can neither stream nor create from them', async () => {
    const id = calmWoman.previews[0]!.generated_voice_id;
    const stream = await failure(otherClient.textToVoice.preview.stream(id));
    expect(stream.status).toBe(404);
    const created = await failure(
      otherClient.textToVoice.create({ voiceName: 'Stolen', voiceDescription: 'x', generatedVoiceId: id }),
    );
    expect(created.status).toBe(404);
    expect(created.body.detail.message).toMatch(/only for the workspace that generated them/);
    const remix = await failure(otherClient.textToVoice.remix(designedId, { voiceDescription: 'older' }));
    expect(remix.status).toBe(404);
    expect(
      (
        await app.database.db
          .select({ n: count() })
          .from(voices)
          .where(eq(voices.workspaceId, other.workspaceId))
      )[0]!.n,
    ).toBe(0);
  }, 60_000);

  it('remixes a designed voice: slower and lower than it was, everything else kept', async () => {
    const res = await post(owner, `/v1/text-to-voice/${designedId}/remix`, {
      voice_description: 'make her deeper and slower',
      text: TEXT,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as DesignBody & { previews: (Preview & { rate_factor: number })[] };
    const [row] = await app.database.db.select().from(voices).where(eq(voices.id, designedId));
    const was = row!.profile;
    const wasRate = (was.renderings.rhvoice ?? was.renderings.flite)!.prosody.rate;
    for (const p of body.previews) {
      expect(p.pitch_median_hz).toBeLessThan(was.measure.pitchHz!);
      expect(p.rate_factor).toBeLessThan(wasRate);
      expect(p.attributes).toMatchObject({ gender: 'female', pitch: 'low', pace: 'slow' });
    }
    const premade = await failure(
      client.textToVoice.remix('cZu6SI8gppUv1kFPCYh3', { voiceDescription: 'older' }),
    );
    expect(premade.status).toBe(404);
    expect(premade.body.detail.message).toMatch(/only your own voices/);
  }, 180_000);

  it('refuses an expired preview and prunes it with its audio on schedule', async () => {
    const id = calmWoman.previews[2]!.generated_voice_id;
    const [row] = await app.database.db.select().from(voicePreviews).where(eq(voicePreviews.id, id));
    await app.database.db
      .update(voicePreviews)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(voicePreviews.id, id));
    const expired = await failure(
      client.textToVoice.create({ voiceName: 'Late', voiceDescription: 'x', generatedVoiceId: id }),
    );
    expect(expired.status).toBe(404);
    expect(expired.body.detail.message).toMatch(/kept for 24 hours/);
    expect(await app.files.get(row!.audioPath)).not.toBeNull();

    expect(voicePreviewsPruneJob.cron).toBeDefined();
    await voicePreviewsPruneJob.perform({}, {
      db: app.database.db,
      config: app.config,
      files: app.files,
      log: app.app.log,
      attempt: 1,
      maxAttempts: 3,
    } as never);
    expect(await app.database.db.select().from(voicePreviews).where(eq(voicePreviews.id, id))).toEqual([]);
    // The file goes through the file deletion job, enqueued with the rows' removal.
    await waitFor(async () => (await app.files.get(row!.audioPath)) === null, 30_000);
    expect(
      await app.database.db
        .select({ n: count() })
        .from(voicePreviews)
        .where(eq(voicePreviews.id, calmWoman.previews[0]!.generated_voice_id)),
    ).toEqual([{ n: 1 }]);
  }, 60_000);

  it('refuses to create a voice over the custom voice limit and keeps the preview', async () => {
    const limited = await createTestUser(app);
    const limitedClient = new ElevenLabsClient({ apiKey: limited.apiKey, baseUrl: app.url });
    const designed = await limitedClient.textToVoice.createPreviews({
      voiceDescription: 'a young man',
      text: TEXT,
    });
    const [template] = await app.database.db.select().from(voices).where(eq(voices.id, designedId));
    for (let i = 0; i < 3; i++)
      await app.database.db.insert(voices).values({
        ...template!,
        id: `lim${i}${limited.workspaceId}`.slice(0, 20),
        workspaceId: limited.workspaceId,
      });
    const id = designed.previews[0]!.generatedVoiceId;
    const refused = await failure(
      limitedClient.textToVoice.create({ voiceName: 'Fourth', voiceDescription: 'x', generatedVoiceId: id }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toEqual({
      status: 'voice_limit_reached',
      message:
        'You have reached your maximum amount of custom voices (3 / 3). You can upgrade your subscription or delete a voice to add another.',
    });
    expect(await app.database.db.select().from(voicePreviews).where(eq(voicePreviews.id, id))).toHaveLength(
      1,
    );
    const sub = await limitedClient.user.subscription.get();
    expect(sub.voiceSlotsUsed).toBe(3);
  }, 120_000);

  it('documents every text-to-voice route in /openapi.json', async () => {
    const doc = (await (await app.request('/openapi.json')).json()) as { paths: Record<string, object> };
    for (const p of [
      '/v1/text-to-voice/create-previews',
      '/v1/text-to-voice/design',
      '/v1/text-to-voice/{voice_id}/remix',
      '/v1/text-to-voice',
      '/v1/text-to-voice/{generated_voice_id}/stream',
    ])
      expect(doc.paths[p], p).toBeDefined();
  });
});
