import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { wordAccuracy } from '@vocalis/speech/quality/word-accuracy';
import { syntheticSpeech } from '@vocalis/speech/testing/speech-fixtures';
import { count, eq } from 'drizzle-orm';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcripts } from '../../db/schema/transcripts';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';
import * as repo from './transcripts.repo';

type Detail = { detail: { status: string; message: string } };
const SENTENCE = 'Please enter the conference pin number followed by the pound key.';

async function failure(p: Promise<unknown>) {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ElevenLabsError);
  return { status: (e as ElevenLabsError).statusCode, body: (e as ElevenLabsError).body as Detail };
}

describe(`speech to text on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let client: ElevenLabsClient;
  let otherClient: ElevenLabsClient;
  let wav: Buffer;
  let seconds: number;

  beforeAll(async () => {
    // The clip served on loopback below: an operator's choice (decision 044), refused by default (engines test).
    app = await startTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
    owner = await createTestUser(app);
    other = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: owner.apiKey, baseUrl: app.url });
    otherClient = new ElevenLabsClient({ apiKey: other.apiKey, baseUrl: app.url });
    const speech = await syntheticSpeech(SENTENCE);
    wav = Buffer.from(encodeWav(speech.pcm, 16000));
    seconds = speech.pcm.length / 16000;
  }, 60_000);
  afterAll(() => app?.close());

  const rows = async (workspaceId: string) =>
    (
      await app.database.db
        .select({ n: count() })
        .from(transcripts)
        .where(eq(transcripts.workspaceId, workspaceId))
    )[0]!.n;
  const upload = (fields: Record<string, string>, file: Buffer | null = wav, name = 'speech.wav') => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (file) form.append('file', new Blob([new Uint8Array(file)]), name);
    return app.request('/v1/speech-to-text', {
      method: 'POST',
      headers: { 'xi-api-key': owner.apiKey },
      body: form,
    });
  };

  it('transcribes real speech with the SDK, with word times, and keeps the transcript for the workspace only', async () => {
    const res = await client.speechToText.convert({
      modelId: 'scribe_v1',
      file: { data: wav, filename: 'speech.wav' },
      timestampsGranularity: 'word',
    });
    if (!('text' in res)) throw new Error('expected a transcript');
    expect(wordAccuracy([{ reference: SENTENCE, hypothesis: res.text }])).toBeGreaterThanOrEqual(0.8);
    expect(res.languageCode).toBe('eng');
    expect(res.audioDurationSecs).toBeCloseTo(seconds, 1);
    const words = res.words.filter((w) => w.type === 'word');
    expect(words.length).toBeGreaterThanOrEqual(8);
    for (const [i, w] of words.entries()) {
      expect(w.start!).toBeLessThanOrEqual(w.end!);
      expect(w.end!).toBeLessThanOrEqual(seconds + 0.05);
      if (i) expect(w.start!).toBeGreaterThanOrEqual(words[i - 1]!.end!);
      expect(w.logprob).toBeLessThanOrEqual(0);
    }
    expect(res.words.some((w) => w.type === 'spacing')).toBe(true);

    const id = res.transcriptionId!;
    const again = await client.speechToText.transcripts.get(id);
    expect('text' in again && again.text).toBe(res.text);
    expect((await failure(otherClient.speechToText.transcripts.get(id))).status).toBe(404);
    expect((await failure(otherClient.speechToText.transcripts.delete(id))).status).toBe(404);
    const list = (await (
      await app.request('/v1/speech-to-text/transcripts', { headers: { 'xi-api-key': owner.apiKey } })
    ).json()) as { transcripts: { transcription_id: string; status: string }[] };
    expect(list.transcripts.map((t) => [t.transcription_id, t.status])).toEqual([[id, 'completed']]);
    await client.speechToText.transcripts.delete(id);
    expect((await failure(client.speechToText.transcripts.get(id))).status).toBe(404);
  }, 120_000);

  it('answers character times and additional formats; refuses docx and unknown models before any work', async () => {
    const before = await rows(owner.workspaceId);
    const res = await client.speechToText.convert({
      modelId: 'scribe_v2',
      file: { data: wav, filename: 'speech.wav' },
      timestampsGranularity: 'character',
      additionalFormats: [{ format: 'srt' }, { format: 'txt' }, { format: 'segmented_json' }],
    });
    if (!('text' in res)) throw new Error('expected a transcript');
    const first = res.words.find((w) => w.type === 'word')!;
    expect(first.characters!.map((c) => c.text).join('')).toBe(first.text);
    const [srt, txt, json] = res.additionalFormats!;
    expect(srt!.requestedFormat).toBe('srt');
    expect(srt!.content).toMatch(/^1\n00:00:0\d,\d{3} --> 00:00:0\d,\d{3}\n/);
    expect(txt!.content.trim()).toBe(res.text);
    expect(JSON.parse(json!.content).segments[0].text.length).toBeGreaterThan(0);
    expect(await rows(owner.workspaceId)).toBe(before + 1);

    const docx = await upload({ model_id: 'scribe_v1', additional_formats: '[{"format":"docx"}]' });
    expect(docx.status).toBe(400);
    expect(((await docx.json()) as Detail).detail.status).toBe('unsupported_export_format');
    const model = await upload({ model_id: 'no_such_model' });
    expect(model.status).toBe(400);
    expect(((await model.json()) as Detail).detail.status).toBe('invalid_model_id');
    const text = await upload({ model_id: 'scribe_v1' }, Buffer.from('not audio'), 'notes.txt');
    expect(text.status).toBe(400);
    expect(((await text.json()) as Detail).detail.status).toBe('unsupported_media_type');
    expect(await rows(owner.workspaceId)).toBe(before + 1);
  }, 120_000);

  it('refuses a language no engine here can do with 422, never an empty transcript', async () => {
    const before = await rows(owner.workspaceId);
    const e = await failure(
      client.speechToText.convert({
        modelId: 'scribe_v1',
        file: { data: wav, filename: 'a.wav' },
        languageCode: 'de',
      }),
    );
    expect(e.status).toBe(422);
    expect(e.body.detail.status).toBe('unsupported_language');
    expect(e.body.detail.message).toMatch(/transcribes: en/);
    expect(await rows(owner.workspaceId)).toBe(before);
  });

  it('fetches cloud_storage_url over http and refuses other schemes', async () => {
    const server = createServer((_, res) => res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/clip.wav`;
      const res = await client.speechToText.convert({ modelId: 'scribe_v1', cloudStorageUrl: url });
      if (!('text' in res)) throw new Error('expected a transcript');
      expect(res.audioDurationSecs).toBeCloseTo(seconds, 1);
      expect(wordAccuracy([{ reference: SENTENCE, hypothesis: res.text }])).toBeGreaterThanOrEqual(0.8);
    } finally {
      server.close();
    }
    const ftp = await upload({ model_id: 'scribe_v1', cloud_storage_url: 'ftp://127.0.0.1/clip.wav' }, null);
    expect(ftp.status).toBe(400);
    expect(((await ftp.json()) as Detail).detail.status).toBe('invalid_cloud_storage_url');
  }, 120_000);

  it('answers at once in webhook mode and completes the transcript in a job', async () => {
    const res = await upload({ model_id: 'scribe_v1', webhook: 'true' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { transcription_id: string; message: string; request_id: string };
    expect(body.request_id).toBeTruthy();
    const done = await waitFor(async () => {
      const r = await app.request(`/v1/speech-to-text/transcripts/${body.transcription_id}`, {
        headers: { 'xi-api-key': owner.apiKey },
      });
      return r.status === 200 ? ((await r.json()) as { text: string }) : undefined;
    }, 60_000);
    expect(wordAccuracy([{ reference: SENTENCE, hypothesis: done.text }])).toBeGreaterThanOrEqual(0.8);
    const [row] = await app.database.db
      .select()
      .from(transcripts)
      .where(eq(transcripts.id, body.transcription_id));
    expect(row!.audioPath).toBeNull();
  }, 120_000);

  it('serves the OpenAI client in json, text, srt, vtt and verbose_json', async () => {
    const openai = new OpenAI({ apiKey: owner.apiKey, baseURL: `${app.url}/v1` });
    const file = () => toFile(wav, 'speech.wav', { type: 'audio/wav' });
    const json = await openai.audio.transcriptions.create({ file: await file(), model: 'whisper-1' });
    expect(wordAccuracy([{ reference: SENTENCE, hypothesis: json.text }])).toBeGreaterThanOrEqual(0.8);
    const text = await openai.audio.transcriptions.create({
      file: await file(),
      model: 'whisper-1',
      response_format: 'text',
    });
    expect(String(text).trim()).toBe(json.text);
    const srt = await openai.audio.transcriptions.create({
      file: await file(),
      model: 'whisper-1',
      response_format: 'srt',
    });
    expect(String(srt)).toMatch(/^1\n00:00:0\d,\d{3} --> /);
    const vtt = await openai.audio.transcriptions.create({
      file: await file(),
      model: 'whisper-1',
      response_format: 'vtt',
    });
    expect(String(vtt)).toMatch(/^WEBVTT\n\n00:00:0\d\.\d{3} --> /);
    const verbose = await openai.audio.transcriptions.create({
      file: await file(),
      model: 'whisper-1',
      response_format: 'verbose_json',
      timestamp_granularities: ['word'],
    });
    expect(verbose.language).toBe('english');
    expect(verbose.duration).toBeCloseTo(seconds, 1);
    expect(verbose.words!.length).toBeGreaterThanOrEqual(8);
    expect(verbose.segments!.length).toBeGreaterThan(0);
  }, 180_000);

  it('aligns a text to its audio with the SDK', async () => {
    const res = await client.forcedAlignment.create({
      file: { data: wav, filename: 'speech.wav' },
      text: SENTENCE,
    });
    expect(res.words.map((w) => w.text).join(' ')).toBe(SENTENCE);
    expect(res.characters.map((c) => c.text).join('')).toBe(SENTENCE);
    for (const [i, w] of res.words.entries()) {
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      if (i) expect(w.start).toBeGreaterThanOrEqual(res.words[i - 1]!.end - 1e-6);
      expect(w.end).toBeLessThanOrEqual(seconds + 0.05);
    }
    expect(res.loss).toBeGreaterThanOrEqual(0);
    expect(res.loss).toBeLessThan(2);
  }, 60_000);

  it('meters audio seconds against the plan audio minutes and refuses past them, storing nothing', async () => {
    const used = await repo.secondsUsed(app.database.db, other.workspaceId);
    expect(used).toBe(0);
    // Free plan: 10 audio minutes. Use all but one second.
    expect(await repo.debitSeconds(app.database.db, other.workspaceId, 599, 600)).toBe(599);
    const before = await rows(other.workspaceId);
    const e = await failure(
      otherClient.speechToText.convert({ modelId: 'scribe_v1', file: { data: wav, filename: 'a.wav' } }),
    );
    expect(e.status).toBe(401);
    expect(e.body.detail).toEqual({
      status: 'quota_exceeded',
      message: `This file has ${Math.ceil(seconds)} seconds of audio, but your plan has only 1 seconds of transcription left this month.`,
    });
    expect(await rows(other.workspaceId)).toBe(before);
    expect(await repo.secondsUsed(app.database.db, other.workspaceId)).toBe(599);
  });
});
