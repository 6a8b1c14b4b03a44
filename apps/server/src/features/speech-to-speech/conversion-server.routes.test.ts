import { ElevenLabsClient, type ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { encodeWav } from '@vocalis/speech/audio/wav';
import { medianPitch } from '@vocalis/speech/dsp/pitch';
import {
  startConversionServerStandIn,
  type ConversionServerStandIn,
} from '@vocalis/speech/testing/conversion-server-stand-in';
import { harmonicTone } from '@vocalis/speech/testing/clone-server-stand-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../../testing/test-app';

const SUSAN = 'zjugDQR69KeBdVlIC4vX';
type Detail = { detail: { status: string; message: string } };

describe(`speech to speech through a conversion server on ${process.env.TEST_DB}`, () => {
  let server: ConversionServerStandIn;
  let app: TestApp;
  let user: TestUser;
  let client: ElevenLabsClient;
  // Speech-like input: a 110 Hz voice, 3 s.
  const input = new File([Buffer.from(encodeWav(harmonicTone(110, 3), 16000))], 'in.wav', {
    type: 'audio/wav',
  });

  beforeAll(async () => {
    server = await startConversionServerStandIn({ apiKey: 'k' });
    app = await startTestApp({ env: { SPEECH_STS_URL: server.url, SPEECH_STS_API_KEY: 'k' } });
    user = await createTestUser(app);
    client = new ElevenLabsClient({ apiKey: user.apiKey, baseUrl: app.url });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it("sends the speech and the target voice's measured profile to the server and answers its audio", async () => {
    const stream = await client.speechToSpeech.convert(SUSAN, {
      audio: input,
      modelId: 'vocalis_sts_remote_v1',
      outputFormat: 'pcm_16000',
      seed: 42,
    });
    const raw = new Uint8Array(await new Response(stream).arrayBuffer());
    const pcm = new Int16Array(raw.buffer, 0, raw.byteLength >> 1);
    expect(pcm.length).toBe(48000);
    const call = server.calls.at(-1)!;
    expect(call).toMatchObject({ seed: '42', inputSeconds: 3, authorization: 'Bearer k' });
    expect(call.target.voice_id).toBe(SUSAN);
    expect(call.target.pitch_hz).toBeGreaterThan(150);
    // The stand-in answers a tone at the target's pitch: the audio came from the server.
    expect(Math.abs(medianPitch(pcm, 16000) / call.target.pitch_hz - 1)).toBeLessThan(0.03);
    const item = (await client.history.list({ pageSize: 1 })).history[0]!;
    expect(item).toMatchObject({ source: 'STS', modelId: 'vocalis_sts_remote_v1' });
  }, 60_000);

  it('answers 502 naming the server when it fails, and refunds', async () => {
    const before = (await client.user.subscription.get()).characterCount;
    server.failWith(500);
    const err = await client.speechToSpeech
      .convert(SUSAN, { audio: input, modelId: 'vocalis_sts_remote_v1' })
      .catch((e: unknown) => e);
    server.failWith(undefined);
    expect((err as ElevenLabsError).statusCode).toBe(502);
    expect(((err as ElevenLabsError).body as Detail).detail).toEqual({
      status: 'conversion_server_failed',
      message: 'The voice conversion server answered HTTP 500: the model crashed.',
    });
    expect((await client.user.subscription.get()).characterCount).toBe(before);
  }, 60_000);
});
