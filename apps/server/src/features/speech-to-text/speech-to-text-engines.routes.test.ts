import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { asteriskPrompts, asteriskPromptsInstalled } from '@vocalis/speech/quality/asterisk-prompts';
import { EVERYDAY_SENTENCES } from '@vocalis/speech/quality/sentences';
import { speakerAccuracy, twoSpeakerClip } from '@vocalis/speech/testing/speech-fixtures';
import {
  startTranscriptionStandIn,
  type TranscriptionServerStandIn,
} from '@vocalis/speech/testing/transcription-server-stand-in';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcripts } from '../../db/schema/transcripts';
import { createTestUser, startTestApp, type TestApp } from '../../testing/test-app';

describe(`speech to text engines on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let server: TranscriptionServerStandIn;
  let client: ElevenLabsClient;

  beforeAll(async () => {
    server = await startTranscriptionStandIn('Guten Morgen zusammen', 'german');
    app = await startTestApp({ env: { STT_HTTP_URL: server.url, STT_HTTP_MODEL: 'faster-whisper-small' } });
    client = new ElevenLabsClient({ apiKey: (await createTestUser(app)).apiKey, baseUrl: app.url });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it('sends a language the built-in engine cannot do to the transcription server by URL', async () => {
    const wav = Buffer.from(
      encodeWav(
        new Int16Array(24000).map((_, i) => Math.round(3000 * Math.sin(i / 5))),
        16000,
      ),
    );
    const res = await client.speechToText.convert({
      modelId: 'scribe_v1',
      file: { data: wav, filename: 'gruss.wav' },
      languageCode: 'deu',
    });
    if (!('text' in res)) throw new Error('expected a transcript');
    expect(res.text).toBe('Guten Morgen zusammen');
    expect(res.languageCode).toBe('deu');
    expect(res.words.filter((w) => w.type === 'word').map((w) => [w.text, w.end])).toEqual([
      ['Guten', 0.5],
      ['Morgen', 1],
      ['zusammen', 1.5],
    ]);
    expect(server.calls.at(-1)).toMatchObject({
      model: 'faster-whisper-small',
      language: 'de',
      seconds: 1.5,
    });
    // The built-in engine asked for by name still refuses German.
    const e = await client.speechToText
      .convert({ modelId: 'vocalis_stt_builtin', file: { data: wav, filename: 'g.wav' }, languageCode: 'de' })
      .catch((err: unknown) => err);
    expect(e).toBeInstanceOf(ElevenLabsError);
    expect((e as ElevenLabsError).statusCode).toBe(422);
  });

  it.skipIf(!asteriskPromptsInstalled())(
    'labels the speakers of two different recordings (built-in diarization)',
    async () => {
      const clip = await twoSpeakerClip(
        asteriskPrompts({ every: 20 }).slice(0, 3),
        EVERYDAY_SENTENCES.slice(0, 3),
      );
      const res = await client.speechToText.convert({
        modelId: 'vocalis_stt_builtin',
        file: { data: Buffer.from(encodeWav(clip.pcm, 16000)), filename: 'two.wav' },
        diarize: true,
        additionalFormats: [{ format: 'srt', includeSpeakers: true }],
      });
      if (!('text' in res)) throw new Error('expected a transcript');
      const words = res.words.filter((w) => w.type === 'word');
      expect(new Set(words.map((w) => w.speakerId))).toEqual(new Set(['speaker_0', 'speaker_1']));
      const labels = words.map((w) => Number(w.speakerId!.slice(-1)));
      expect(
        speakerAccuracy(words as { start: number; end: number }[], labels, clip.turns),
      ).toBeGreaterThanOrEqual(0.9);
      expect(res.additionalFormats![0]!.content).toMatch(/\[speaker_1\]/);
    },
    120_000,
  );

  it('refuses a cloud_storage_url on a loopback, private or link-local address, storing nothing', async () => {
    const user = await createTestUser(app);
    const local = createServer((_, res) => res.writeHead(200, { 'content-type': 'audio/wav' }).end('RIFF'));
    await new Promise<void>((r) => local.listen(0, '127.0.0.1', r));
    const port = (local.address() as AddressInfo).port;
    try {
      for (const url of [
        `http://127.0.0.1:${port}/clip.wav`,
        `http://localhost:${port}/clip.wav`,
        `http://[::ffff:127.0.0.1]:${port}/clip.wav`,
        'http://169.254.169.254/latest/meta-data/clip.wav',
        'http://10.1.2.3/clip.wav',
      ]) {
        const form = new FormData();
        form.append('model_id', 'scribe_v1');
        form.append('cloud_storage_url', url);
        const res = await app.request('/v1/speech-to-text', {
          method: 'POST',
          headers: { 'xi-api-key': user.apiKey },
          body: form,
        });
        expect(res.status, url).toBe(400);
        expect(((await res.json()) as { detail: { status: string } }).detail.status, url).toBe(
          'cloud_storage_url_refused',
        );
      }
      const [{ n }] = (await app.database.db
        .select({ n: count() })
        .from(transcripts)
        .where(eq(transcripts.workspaceId, user.workspaceId))) as [{ n: number }];
      expect(n).toBe(0);
    } finally {
      local.close();
    }
  });
});
