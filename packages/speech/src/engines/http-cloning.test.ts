import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../audio/wav';
import { measureSamples } from '../profile/clone';
import {
  harmonicTone,
  startCloneServerStandIn,
  type CloneServerStandIn,
} from '../testing/clone-server-stand-in';
import { CloneServerClient, CloneServerError, createHttpCloningEngine } from './http-cloning';

const sample = (hz: number) => ({ fileName: `${hz}.wav`, data: encodeWav(harmonicTone(hz, 2), 16000) });

async function speak(
  engine: ReturnType<typeof createHttpCloningEngine>,
  voice: string,
  text: string,
  rate = 1,
) {
  const chunks = [];
  for await (const c of engine.synthesize({ text, voice, prosody: { rate } })) chunks.push(c);
  return chunks;
}

async function failure(p: Promise<unknown>): Promise<CloneServerError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(CloneServerError);
  return e as CloneServerError;
}

describe('the HTTP voice cloning adapter against a stand-in server on loopback', () => {
  let server: CloneServerStandIn;
  const options = () => ({ url: server.url, apiKey: 'secret-token' });

  beforeAll(async () => {
    server = await startCloneServerStandIn({ apiKey: 'secret-token' });
  });
  afterAll(() => server?.close());

  it('uploads samples with the bearer token and speaks as the speaker they made', async () => {
    const client = new CloneServerClient(options());
    const low = await client.createSpeaker('Low', 'voice1@v1', [sample(110), sample(112)]);
    const high = await client.createSpeaker('High', 'voice2@v1', [sample(220)]);
    expect(server.calls.uploads.slice(-2)).toEqual([
      { name: 'Low', reference: 'voice1@v1', files: 2, authorization: 'Bearer secret-token' },
      { name: 'High', reference: 'voice2@v1', files: 1, authorization: 'Bearer secret-token' },
    ]);
    const engine = createHttpCloningEngine(options());
    const [lowChunk] = await speak(engine, low, 'Hello from the low voice.');
    const [highChunk] = await speak(engine, high, 'Hello from the high voice.', 1.25);
    const measure = async (c: typeof lowChunk) => (await measureSamples([c!])).pitchHz;
    expect(Math.abs((await measure(lowChunk)) / 111 - 1)).toBeLessThan(0.05);
    expect(Math.abs((await measure(highChunk)) / 220 - 1)).toBeLessThan(0.05);
    expect(server.calls.speech.at(-1)).toEqual({
      speakerId: high,
      text: 'Hello from the high voice.',
      speed: 1.25,
      language: 'en',
    });
    expect(await client.hasSpeaker(low)).toBe(true);
    await client.deleteSpeaker(low);
    expect(await client.hasSpeaker(low)).toBe(false);
    await client.deleteSpeaker(low); // already gone: not an error
  });

  it('says the speaker is unknown when the server lost it', async () => {
    const client = new CloneServerClient(options());
    const id = await client.createSpeaker('Gone', 'voice3@v1', [sample(150)]);
    server.forgetSpeakers();
    const e = await failure(speak(createHttpCloningEngine(options()), id, 'Anyone there?'));
    expect(e.kind).toBe('unknown_speaker');
    expect(e.message).toBe(`The voice cloning server no longer has speaker ${id}.`);
  });

  it('reports a refused token, a failing model and a server that is down, each in its own words', async () => {
    const wrongKey = await failure(
      new CloneServerClient({ url: server.url, apiKey: 'wrong' }).createSpeaker('X', 'r', [sample(100)]),
    );
    expect(wrongKey.kind).toBe('unauthorized');
    expect(wrongKey.message).toMatch(/refused the credentials \(HTTP 401\); check SPEECH_CLONE_API_KEY/);

    const id = await new CloneServerClient(options()).createSpeaker('Y', 'r', [sample(100)]);
    server.failSpeechWith(500);
    const crashed = await failure(speak(createHttpCloningEngine(options()), id, 'Hello.'));
    server.failSpeechWith(undefined);
    expect(crashed.kind).toBe('refused');
    expect(crashed.message).toBe(
      `The voice cloning server answered POST /v1/speakers/${id}/speech with HTTP 500: the model crashed.`,
    );

    const down = createServer();
    await new Promise<void>((r) => down.listen(0, '127.0.0.1', r));
    const { port } = down.address() as AddressInfo;
    await new Promise<void>((r) => down.close(() => r()));
    const unreachable = await failure(
      speak(createHttpCloningEngine({ url: `http://127.0.0.1:${port}` }), 'spk', 'Hello.'),
    );
    expect(unreachable.kind).toBe('unreachable');
    expect(unreachable.message).toBe(
      `Cannot reach the voice cloning server at http://127.0.0.1:${port} (ECONNREFUSED).`,
    );
  });

  it('gives up on a server that does not answer within the timeout', async () => {
    const silent = createServer(() => undefined); // accepts, never answers
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const e = await failure(speak(createHttpCloningEngine({ url, timeoutMs: 200 }), 'spk', 'Hello.'));
    silent.closeAllConnections();
    silent.close();
    expect(e.kind).toBe('timeout');
    expect(e.message).toBe(
      `The voice cloning server at ${url} did not answer POST /v1/speakers/spk/speech within 0.2 s.`,
    );
  });
});
