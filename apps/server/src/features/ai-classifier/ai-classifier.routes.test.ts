import { existsSync, readFileSync } from 'node:fs';
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { decodeAudio, runFfmpeg } from '@vocalis/speech/audio/ffmpeg';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

const SUSAN = 'zjugDQR69KeBdVlIC4vX'; // Flite slt
const KAL = 'cZu6SI8gppUv1kFPCYh3'; // Flite kal16
const TEXT =
  'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background. It is easy to tell the depth of a well.';
/** A human recording (Debian asterisk-core-sounds-en-wav, CC-BY-SA), installed by scripts/setup-voices.sh. */
const HUMAN = '/usr/share/asterisk/sounds/en/conf-thereare.wav';

type Verdict = {
  probability: number;
  generated_by_this_installation: boolean;
  verdict: string;
  score: number;
  threshold: number;
  false_positive_bound: number;
  duration_seconds: number;
  analysed_seconds: number;
};

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe(`AI speech classifier on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let user: TestUser;
  let client: ElevenLabsClient;
  let generated: Uint8Array;

  beforeAll(async () => {
    app = await startTestApp();
    user = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: user.apiKey, baseUrl: app.url });
    generated = await bytesOf(await client.textToSpeech.convert(SUSAN, { text: TEXT }));
  }, 60_000);
  afterAll(() => app?.close());

  const classify = (
    bytes: Uint8Array | undefined,
    name = 'clip.mp3',
    type = 'audio/mpeg',
    key = user.apiKey,
  ) => {
    const form = new FormData();
    if (bytes) form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return app.request('/v1/ai-speech-classifier', {
      method: 'POST',
      headers: key ? { 'xi-api-key': key } : {},
      body: form,
    });
  };
  const verdictOf = async (bytes: Uint8Array, name?: string, type?: string) => {
    const res = await classify(bytes, name, type);
    expect(res.status).toBe(200);
    return (await res.json()) as Verdict;
  };

  it('says speech made by text to speech (SDK convert, mp3) was generated here', async () => {
    const v = await verdictOf(generated);
    expect(v).toMatchObject({ generated_by_this_installation: true, verdict: 'generated_here' });
    expect(v.score).toBeGreaterThanOrEqual(v.threshold);
    expect(v.probability).toBeGreaterThan(0.99);
    expect(v.false_positive_bound).toBeLessThan(1e-3);
    const seconds = (await decodeAudio(generated, 16000)).length / 16000;
    expect(v.duration_seconds).toBeCloseTo(seconds, 1);
  });

  it('finds the mark in streamed speech (SDK stream) and in a dialogue (SDK textToDialogue.convert)', async () => {
    const streamed = await bytesOf(
      await client.textToSpeech.stream(SUSAN, { text: TEXT, outputFormat: 'mp3_22050_32' }),
    );
    expect((await verdictOf(streamed)).verdict).toBe('generated_here');
    const dialogue = await bytesOf(
      await client.textToDialogue.convert({
        inputs: [
          { text: 'Glue the sheet to the dark blue background.', voiceId: SUSAN },
          {
            text: 'The juice of lemons makes fine punch, and rice is often served in round bowls.',
            voiceId: KAL,
          },
        ],
      }),
    );
    expect((await verdictOf(dialogue)).verdict).toBe('generated_here');
  });

  it('still finds the mark after re-encoding to Opus at 16 kHz and keeping 3 s from the middle', async () => {
    const opus = await runFfmpeg(
      [
        '-ss',
        '1.234',
        '-t',
        '3',
        '-i',
        'in.mp3',
        '-ar',
        '16000',
        '-c:a',
        'libopus',
        '-b:a',
        '32k',
        'out.ogg',
      ],
      { 'in.mp3': generated },
      'out.ogg',
    );
    const v = await verdictOf(opus, 'cut.ogg', 'audio/ogg');
    expect(v.generated_by_this_installation).toBe(true);
    expect(v.duration_seconds).toBeCloseTo(3, 1);
  });

  it('says a human recording was not generated here', async () => {
    expect(existsSync(HUMAN), 'npm run setup:voices installs asterisk-core-sounds-en-wav').toBe(true);
    const v = await verdictOf(new Uint8Array(readFileSync(HUMAN)), 'human.wav', 'audio/wav');
    expect(v).toMatchObject({ generated_by_this_installation: false, verdict: 'not_detected' });
    expect(v.probability).toBeLessThan(0.5);
  });

  it('says silence holds too little audio to tell', async () => {
    const v = await verdictOf(encodeWav(new Int16Array(32000), 16000), 'silence.wav', 'audio/wav');
    expect(v).toMatchObject({
      generated_by_this_installation: false,
      verdict: 'too_little_audio',
      analysed_seconds: 0,
    });
  });

  it('refuses a request without a file, a text file, undecodable audio and a caller without credentials', async () => {
    const cases: [Response, number, string][] = [
      [await classify(undefined), 400, 'missing_file'],
      [
        await classify(new TextEncoder().encode('hello'), 'notes.txt', 'text/plain'),
        400,
        'unsupported_audio_type',
      ],
      [await classify(new Uint8Array(4000).fill(7), 'broken.mp3'), 400, 'invalid_audio'],
      [await classify(generated, 'clip.mp3', 'audio/mpeg', ''), 401, 'unauthorized'],
    ];
    for (const [res, status, code] of cases) {
      expect(res.status).toBe(status);
      const body = (await res.json()) as { detail: { status: string; message: string } };
      expect(body.detail.status).toBe(code);
      expect(body.detail.message.length).toBeGreaterThan(5);
    }
  });

  it('is listed in /openapi.json with its multipart body and answer', async () => {
    const doc = (await (await app.request('/openapi.json')).json()) as {
      paths: Record<string, { post?: { requestBody?: { content: Record<string, unknown> } } }>;
    };
    const op = doc.paths['/v1/ai-speech-classifier']?.post;
    expect(op?.requestBody?.content['multipart/form-data']).toBeDefined();
  });
});
