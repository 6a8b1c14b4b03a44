import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startConversionServerStandIn,
  type ConversionServerStandIn,
} from '../testing/conversion-server-stand-in';
import { medianPitch } from '../dsp/pitch';
import { ConversionServerError, HttpConverter } from './http-conversion';

const target = { voiceId: 'v1', name: 'Susan', pitchHz: 210, pitchRangeSemitones: 4, brightnessDb: -12 };
const speech = Int16Array.from({ length: 32000 }, (_, i) =>
  Math.round(8000 * Math.sin((2 * Math.PI * 100 * i) / 16000)),
);

describe('the HTTP conversion adapter against a stand-in server', () => {
  let server: ConversionServerStandIn;
  beforeAll(async () => {
    server = await startConversionServerStandIn({ apiKey: 'secret' });
  });
  afterAll(() => server.close());

  it("sends the audio, target and seed with the bearer token and returns the server's audio", async () => {
    const c = new HttpConverter({ url: `${server.url}/v1/`, apiKey: 'secret' });
    const out = await c.convert(
      { pcm: speech, sampleRate: 16000, target, seed: 7 },
      new AbortController().signal,
    );
    expect(out.sampleRate).toBe(16000);
    expect(out.pcm.length).toBe(32000);
    expect(Math.abs(medianPitch(out.pcm, 16000) / 210 - 1)).toBeLessThan(0.03);
    expect(server.calls.at(-1)).toMatchObject({
      target: { voice_id: 'v1', name: 'Susan', pitch_hz: 210 },
      seed: '7',
      inputSeconds: 2,
      authorization: 'Bearer secret',
    });
  });

  it('says why when the server refuses, fails or is not there', async () => {
    const wrongKey = new HttpConverter({ url: server.url, apiKey: 'nope' });
    await expect(
      wrongKey.convert({ pcm: speech, sampleRate: 16000, target }, new AbortController().signal),
    ).rejects.toThrow('answered HTTP 401: bad token');
    server.failWith(500);
    const c = new HttpConverter({ url: server.url, apiKey: 'secret' });
    await expect(
      c.convert({ pcm: speech, sampleRate: 16000, target }, new AbortController().signal),
    ).rejects.toThrow('HTTP 500: the model crashed');
    server.failWith(undefined);
    const gone = new HttpConverter({ url: 'http://127.0.0.1:9' });
    const err = await gone
      .convert({ pcm: speech, sampleRate: 16000, target }, new AbortController().signal)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConversionServerError);
    expect((err as Error).message).toMatch(
      /Cannot reach the voice conversion server at http:\/\/127.0.0.1:9/,
    );
  });
});
