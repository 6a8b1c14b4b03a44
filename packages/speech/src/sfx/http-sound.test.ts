import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../audio/wav';
import { fitLength, HttpSoundGenerator, SoundServerError } from './http-sound';

const body = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('HttpSoundGenerator against a stand-in on loopback', () => {
  let server: Server;
  let url: string;
  const seen: { url?: string; auth?: string; xi?: string; body?: unknown }[] = [];
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const json = JSON.parse(await body(req)) as { text: string; duration_seconds: number };
      seen.push({
        url: req.url,
        auth: req.headers.authorization,
        xi: req.headers['xi-api-key'] as string,
        body: json,
      });
      if (json.text === 'fail') {
        res.writeHead(503, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ detail: { message: 'model is loading' } }));
      }
      const pcm = new Int16Array(Math.round(json.duration_seconds * 22050)).fill(1000);
      if (json.text === 'raw') {
        const raw = new Int16Array(44100).fill(-7);
        res.writeHead(200, { 'content-type': 'audio/pcm' });
        return res.end(Buffer.from(raw.buffer));
      }
      res.writeHead(200, { 'content-type': 'audio/wav' });
      res.end(Buffer.from(encodeWav(pcm, 22050)));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('sends the ElevenLabs request and reads WAV or raw PCM back', async () => {
    const gen = new HttpSoundGenerator({ url, apiKey: 'k1' });
    const out = await gen.generate(
      { text: 'rain', durationSeconds: 2, promptInfluence: 0.4, loop: true },
      new AbortController().signal,
    );
    expect(out.sampleRate).toBe(22050);
    expect(out.pcm.length).toBe(44100);
    expect(seen[0]).toEqual({
      url: '/v1/sound-generation?output_format=pcm_44100',
      auth: 'Bearer k1',
      xi: 'k1',
      body: { text: 'rain', duration_seconds: 2, prompt_influence: 0.4, loop: true },
    });
    const raw = await gen.generate(
      { text: 'raw', durationSeconds: null, promptInfluence: 0.3, loop: false },
      new AbortController().signal,
    );
    expect(raw).toMatchObject({ sampleRate: 44100 });
    expect(raw.pcm.length).toBe(44100);
    expect(raw.pcm[5]).toBe(-7);
  });

  it('names the failure: an error status with its message, an unreachable server', async () => {
    const gen = new HttpSoundGenerator({ url });
    const err = await gen
      .generate(
        { text: 'fail', durationSeconds: 1, promptInfluence: 0.3, loop: false },
        new AbortController().signal,
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SoundServerError);
    expect((err as Error).message).toBe('The sound server answered HTTP 503: model is loading.');
    const down = new HttpSoundGenerator({ url: 'http://127.0.0.1:9/' });
    await expect(
      down.generate(
        { text: 'rain', durationSeconds: 1, promptInfluence: 0.3, loop: false },
        new AbortController().signal,
      ),
    ).rejects.toThrow(/Cannot reach the sound server at http:\/\/127\.0\.0\.1:9/);
  });

  it('fits the audio to the requested length exactly', () => {
    expect(fitLength(new Int16Array(100).fill(5), 50).length).toBe(50);
    const padded = fitLength(new Int16Array(10).fill(5), 20);
    expect(Array.from(padded.subarray(8))).toEqual([5, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});
