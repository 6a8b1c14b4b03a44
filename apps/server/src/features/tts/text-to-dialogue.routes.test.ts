import http from 'node:http';
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import type { VoiceSegment } from '@vocalis/contracts/text-to-dialogue';
import { concatAlignments, type Alignment } from '@vocalis/speech/alignment';
import { decodeAudio } from '@vocalis/speech/audio/ffmpeg';
import { expectValidAlignment } from '@vocalis/speech/testing/expect-alignment';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { historyItems } from '../../db/schema/history';
import { generationReservations, workspaceUsage } from '../../db/schema/usage';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';
import type { GenerationOutcome } from './tts-generation';

const SUSAN = 'zjugDQR69KeBdVlIC4vX'; // Flite slt
const KAL = 'cZu6SI8gppUv1kFPCYh3'; // Flite kal16
const CAMILLE = 'K6Oj5A8q2mOEC3bAn9El'; // eSpeak fr-fr+f3
const ONE = 'Hello there, how are you today?';
const TWO = 'I am fine. Thank you for asking.';
const INPUTS = [
  { text: ONE, voice_id: SUSAN },
  { text: TWO, voice_id: KAL },
];
const SDK_INPUTS = INPUTS.map((i) => ({ text: i.text, voiceId: i.voice_id }));

type Detail = { detail: { status: string; message: string } };
type Validation = { detail: { loc: unknown[]; msg: string }[] };

const bytesOf = async (s: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(s).arrayBuffer());
const mp3Seconds = async (mp3: Uint8Array) => (await decodeAudio(mp3, 16000)).length / 16000;
const pcmSeconds = (bytes: number, rate = 16000) => bytes / 2 / rate;
const snake = (a: {
  characters: string[];
  characterStartTimesSeconds: number[];
  characterEndTimesSeconds: number[];
}): Alignment => ({
  characters: a.characters,
  character_start_times_seconds: a.characterStartTimesSeconds,
  character_end_times_seconds: a.characterEndTimesSeconds,
});
const EMPTY: Alignment = {
  characters: [],
  character_start_times_seconds: [],
  character_end_times_seconds: [],
};

/** Segments follow each other: line by line, indexes contiguous, times monotonic within the audio. */
function expectContiguous(segments: VoiceSegment[], voices: string[], texts: string[], duration: number) {
  expect(segments.map((s) => s.dialogue_input_index)).toEqual(voices.map((_, i) => i));
  expect(segments.map((s) => s.voice_id)).toEqual(voices);
  let chars = 0;
  let time = 0;
  segments.forEach((s, i) => {
    expect(s.character_start_index).toBe(chars);
    expect(s.character_end_index).toBe(chars + texts[i]!.length);
    expect(s.start_time_seconds).toBeCloseTo(time, 3);
    expect(s.end_time_seconds).toBeGreaterThan(s.start_time_seconds);
    chars = s.character_end_index;
    time = s.end_time_seconds;
  });
  expect(time).toBeCloseTo(duration, 2);
}

describe(`text-to-dialogue API on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let user: TestUser;
  let client: ElevenLabsClient;
  beforeAll(async () => {
    app = await startTestApp();
    user = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: user.apiKey, baseUrl: app.url });
  });
  afterAll(() => app?.close());

  const post = (
    path: string,
    body: unknown,
    headers: Record<string, string> = { 'xi-api-key': user.apiKey },
  ) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const usedCharacters = async (workspaceId: string) =>
    (
      await app.database.db.select().from(workspaceUsage).where(eq(workspaceUsage.workspaceId, workspaceId))
    )[0]?.characterCount ?? 0;
  /** Raw PCM of one line spoken alone by the text-to-speech endpoint. */
  const alone = async (voice: string, text: string) =>
    (
      await (
        await post(`/v1/text-to-speech/${voice}?output_format=pcm_16000`, { text, seed: 3 })
      ).arrayBuffer()
    ).byteLength;

  it('speaks every line with its own voice, one after another, in one audio (SDK convert)', async () => {
    const before = await usedCharacters(user.workspaceId);
    const { data, rawResponse } = await client.textToDialogue
      .convert({ inputs: SDK_INPUTS, outputFormat: 'pcm_16000', seed: 3 })
      .withRawResponse();
    expect(rawResponse.headers.get('content-type')).toBe('audio/pcm');
    const dialogue = (await bytesOf(data)).length;
    expect(rawResponse.headers.get('x-character-count')).toBe(String(ONE.length + TWO.length));
    expect((await usedCharacters(user.workspaceId)) - before).toBe(ONE.length + TWO.length);
    // The dialogue is the two lines spoken alone, back to back (resampling aside).
    const expected = (await alone(SUSAN, ONE)) + (await alone(KAL, TWO));
    expect(Math.abs(pcmSeconds(dialogue) - pcmSeconds(expected))).toBeLessThan(0.02);

    // One history item holds the dialogue (SDK history.get parses it).
    const id = rawResponse.headers.get('history-item-id')!;
    const item = await waitFor(() => client.history.get(id).catch(() => undefined));
    expect(item.dialogue).toEqual([
      { text: ONE, voiceId: SUSAN, voiceName: 'Susan' },
      { text: TWO, voiceId: KAL, voiceName: 'Kal' },
    ]);
    expect(item.voiceId).toBeUndefined();
    expect(item.voiceName).toBe('Susan, Kal');
    expect(item.text).toBe(`${ONE}\n${TWO}`);
    expect(item.characterCountChangeTo - item.characterCountChangeFrom).toBe(ONE.length + TWO.length);
    const audio = await bytesOf(await client.history.getAudio(id));
    expect(audio.length).toBe(dialogue);
  });

  it('streams the first line before the generation has finished, and decodes to both lines (SDK stream)', async () => {
    const spy = vi.spyOn(app.speech.tts, 'completeGeneration');
    const stream = await client.textToDialogue.stream({
      inputs: [
        { text: 'First sentence here. Second one follows.', voiceId: SUSAN },
        { text: 'A third comes now. Then a fourth.', voiceId: KAL },
      ],
    });
    const reader = stream.getReader();
    const first = await reader.read();
    expect(first.value!.length).toBeGreaterThan(0);
    expect(spy).not.toHaveBeenCalled();
    const parts = [first.value!];
    for (let r = await reader.read(); !r.done; r = await reader.read()) parts.push(r.value);
    const s = await mp3Seconds(new Uint8Array(Buffer.concat(parts)));
    expect(s).toBeGreaterThan(3);
    expect(s).toBeLessThan(12);
    await waitFor(() => spy.mock.calls.length > 0);
    expect((spy.mock.calls[0]![1] as GenerationOutcome).status).toBe('completed');
    spy.mockRestore();
  });

  it('returns timings for every character and one voice segment per line (SDK convertWithTimestamps)', async () => {
    const before = await usedCharacters(user.workspaceId);
    const res = await client.textToDialogue.convertWithTimestamps({
      inputs: [...SDK_INPUTS, { text: 'Bonjour à tous.', voiceId: CAMILLE }],
      outputFormat: 'pcm_16000',
      settings: { stability: 0.4, similarity: 0.8 },
      applyTextNormalization: 'on',
      // Context shapes the boundaries only: it is neither aligned nor billed.
      previousText: 'Before we start.',
      futureText: 'And then we left.',
    });
    const s = pcmSeconds(Buffer.from(res.audioBase64, 'base64').length);
    const texts = [ONE, TWO, 'Bonjour à tous.'];
    expectValidAlignment(snake(res.alignment!), texts.join(''), s);
    expectValidAlignment(snake(res.normalizedAlignment!), res.normalizedAlignment!.characters.join(''), s);
    expectContiguous(
      res.voiceSegments.map((v) => ({
        voice_id: v.voiceId,
        start_time_seconds: v.startTimeSeconds,
        end_time_seconds: v.endTimeSeconds,
        character_start_index: v.characterStartIndex,
        character_end_index: v.characterEndIndex,
        dialogue_input_index: v.dialogueInputIndex,
      })),
      [SUSAN, KAL, CAMILLE],
      texts,
      s,
    );
    expect((await usedCharacters(user.workspaceId)) - before).toBe(texts.join('').length);
  });

  it('streams one JSON object per sentence with its timings and segment (SDK streamWithTimestamps)', async () => {
    const chunks = [];
    const stream = await client.textToDialogue.streamWithTimestamps({
      inputs: [
        { text: 'One. Two.', voiceId: SUSAN },
        { text: 'Three.', voiceId: KAL },
      ],
      outputFormat: 'pcm_16000',
    });
    for await (const c of stream) chunks.push(c);
    expect(chunks.length).toBe(3);
    const s = chunks.reduce((sum, c) => sum + pcmSeconds(Buffer.from(c.audioBase64, 'base64').length), 0);
    const whole = chunks.map((c) => snake(c.alignment!)).reduce(concatAlignments, EMPTY);
    expectValidAlignment(whole, 'One. Two.Three.', s);
    expect(chunks.map((c) => c.voiceSegments.map((v) => [v.voiceId, v.dialogueInputIndex]))).toEqual([
      [[SUSAN, 0]],
      [[SUSAN, 0]],
      [[KAL, 1]],
    ]);
    // Indexes count the characters of all chunks so far.
    expect(chunks[2]!.voiceSegments[0]!.characterStartIndex).toBe('One. Two.'.length);
  });

  it('answers with the same error as text to speech for an unknown voice, and debits nothing', async () => {
    const before = await usedCharacters(user.workspaceId);
    const res = await post('/v1/text-to-dialogue', {
      inputs: [...INPUTS, { text: 'Who am I?', voice_id: 'AAAAAAAAAAAAAAAAAAAA' }],
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as Detail).detail).toEqual({
      status: 'voice_not_found',
      message: 'A voice with the voice_id AAAAAAAAAAAAAAAAAAAA was not found.',
    });
    expect(await usedCharacters(user.workspaceId)).toBe(before);
  });

  it('refuses empty inputs and blank lines in the validation shape', async () => {
    const empty = await post('/v1/text-to-dialogue/stream', { inputs: [] });
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as Validation).detail[0]!.loc).toEqual(['body', 'inputs']);
    const blank = await post('/v1/text-to-dialogue', { inputs: [INPUTS[0], { text: '  ', voice_id: KAL }] });
    expect(blank.status).toBe(422);
    expect(((await blank.json()) as Validation).detail[0]!.loc).toEqual(['body', 'inputs', 1, 'text']);
    const format = await post('/v1/text-to-dialogue?output_format=mp3_1_2', { inputs: INPUTS });
    expect(format.status).toBe(422);
    expect(((await format.json()) as Validation).detail[0]!.loc).toEqual(['querystring', 'output_format']);
    expect((await post('/v1/text-to-dialogue', { inputs: INPUTS }, {})).status).toBe(401);
  });

  it.each([
    [
      '51 lines',
      Array.from({ length: 51 }, () => ({ text: 'Hi.', voice_id: SUSAN })),
      'too_many_dialogue_lines',
      'A dialogue has at most 50 lines; this one has 51.',
    ],
    [
      '11 distinct voices',
      Array.from({ length: 11 }, (_, i) => ({ text: 'Hi.', voice_id: `voice${i}` })),
      'too_many_dialogue_voices',
      'A dialogue uses at most 10 different voices; this one uses 11.',
    ],
    [
      '3,001 characters',
      [
        { text: 'a '.repeat(1500), voice_id: SUSAN },
        { text: 'b', voice_id: KAL },
      ],
      'dialogue_too_long',
      'A dialogue is at most 3,000 characters; this one has 3,001.',
    ],
  ])('refuses %s with 400 and the limit in words', async (_name, inputs, status, message) => {
    const res = await post('/v1/text-to-dialogue', { inputs });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Detail).detail).toEqual({ status, message });
  });

  it('refuses audio effects it does not have and over-long previous_text', async () => {
    const effects = await post('/v1/text-to-dialogue', { inputs: INPUTS, audio_effects: { pan: 0.5 } });
    expect(effects.status).toBe(400);
    expect(((await effects.json()) as Detail).detail.status).toBe('audio_effects_not_available');
    const previous = await post('/v1/text-to-dialogue', { inputs: INPUTS, previous_text: 'x'.repeat(101) });
    expect(previous.status).toBe(422);
  });

  it('refuses a dialogue longer than the remaining quota with 401 quota_exceeded and debits nothing', async () => {
    const poor = await createTestUser(app);
    await app.database.db
      .insert(workspaceUsage)
      .values({
        workspaceId: poor.workspaceId,
        characterCount: 10_000 - 40,
        characterLimit: 10_000,
        nextCharacterCountResetAt: new Date(Date.now() + 86_400_000),
      })
      .onConflictDoUpdate({ target: workspaceUsage.workspaceId, set: { characterCount: 10_000 - 40 } });
    const res = await post('/v1/text-to-dialogue', { inputs: INPUTS }, { 'xi-api-key': poor.apiKey });
    expect(res.status).toBe(401);
    const body = (await res.json()) as Detail;
    expect(body.detail.status).toBe('quota_exceeded');
    expect(body.detail.message).toContain('40');
    expect(await usedCharacters(poor.workspaceId)).toBe(10_000 - 40);
  });

  it('holds one concurrency slot for all lines, and gives the characters back when the client aborts', async () => {
    const solo = await createTestUser(app);
    await app.database.db
      .insert(workspaceUsage)
      .values({
        workspaceId: solo.workspaceId,
        characterCount: 0,
        characterLimit: 10_000,
        nextCharacterCountResetAt: new Date(Date.now() + 86_400_000),
        concurrencyLimit: 1,
      })
      .onConflictDoUpdate({ target: workspaceUsage.workspaceId, set: { concurrencyLimit: 1 } });
    const long = 'First sentence here. Second one follows. A third comes now. '.repeat(8);
    const inputs = [
      { text: long, voice_id: SUSAN },
      { text: long, voice_id: KAL },
    ];
    const spy = vi.spyOn(app.speech.tts, 'completeGeneration');
    // node:http rather than fetch: the socket closes exactly when the test says so.
    const req = http.request(`${app.url}/v1/text-to-dialogue/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'xi-api-key': solo.apiKey },
    });
    const status = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => (res.pause(), resolve(res.statusCode!)));
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    });
    req.end(JSON.stringify({ inputs }));
    // Two voices, one generation: the single slot of this workspace is enough.
    expect(await status).toBe(200);
    expect(await usedCharacters(solo.workspaceId)).toBe(2 * long.length);
    const second = await post('/v1/text-to-dialogue', { inputs: INPUTS }, { 'xi-api-key': solo.apiKey });
    expect(second.status).toBe(429);
    expect(((await second.json()) as Detail).detail.status).toBe('too_many_concurrent_requests');
    req.destroy();
    await waitFor(() => spy.mock.calls.length > 0);
    expect((spy.mock.calls[0]![1] as GenerationOutcome).status).toBe('aborted');
    spy.mockRestore();
    await waitFor(async () => (await usedCharacters(solo.workspaceId)) === 0);
    const slots = await app.database.db
      .select()
      .from(generationReservations)
      .where(eq(generationReservations.workspaceId, solo.workspaceId));
    expect(slots).toHaveLength(0);
  });

  it('keeps nothing with enable_logging=false', async () => {
    const res = await post('/v1/text-to-dialogue?enable_logging=false&output_format=pcm_16000', {
      inputs: INPUTS,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('history-item-id')).toBeNull();
    await res.arrayBuffer();
    const rows = await app.database.db
      .select()
      .from(historyItems)
      .where(eq(historyItems.workspaceId, user.workspaceId));
    expect(rows.every((r) => r.requestId !== res.headers.get('request-id'))).toBe(true);
  });
});
