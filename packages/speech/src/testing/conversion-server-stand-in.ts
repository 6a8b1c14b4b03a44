/**
 * A stand-in voice conversion server on loopback, speaking the protocol of convert/http-conversion.ts
 * (decision 095). It records every call and "converts" into a harmonic tone at the target's pitch with the
 * input's duration, so a test can tell from the audio alone that the server did the conversion.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeWav, encodeWav } from '../audio/wav';
import { harmonicTone } from './clone-server-stand-in';

export interface ConversionCall {
  target: { voice_id: string; name: string; pitch_hz: number };
  seed?: string;
  inputSeconds: number;
  authorization?: string;
}

export interface ConversionServerStandIn {
  url: string;
  calls: ConversionCall[];
  /** The next conversions answer this HTTP status (until cleared with undefined). */
  failWith(status: number | undefined): void;
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the stand-in on 127.0.0.1 (a free port); `apiKey` makes it require that bearer token. */
export async function startConversionServerStandIn(
  opts: { apiKey?: string } = {},
): Promise<ConversionServerStandIn> {
  const calls: ConversionCall[] = [];
  let failStatus: number | undefined;
  const fail = (res: ServerResponse, status: number, message: string) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message } }));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`)
      return fail(res, 401, 'bad token');
    if (req.method !== 'POST' || req.url !== '/v1/convert') return fail(res, 404, 'no such route');
    const form = await new Request('http://stand-in/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: new Uint8Array(await body(req)),
    }).formData();
    if (failStatus) return fail(res, failStatus, 'the model crashed');
    const audio = form.get('audio');
    if (!audio || typeof audio === 'string') return fail(res, 422, 'audio is required');
    const wav = decodeWav(new Uint8Array(await audio.arrayBuffer()));
    const target = JSON.parse(String(form.get('target'))) as ConversionCall['target'];
    const seed = form.get('seed');
    const inputSeconds = wav.pcm.length / wav.sampleRate;
    calls.push({
      target,
      seed: seed === null ? undefined : String(seed),
      inputSeconds,
      authorization: req.headers.authorization,
    });
    const out = harmonicTone(target.pitch_hz, inputSeconds);
    res.writeHead(200, { 'content-type': 'audio/wav' }).end(Buffer.from(encodeWav(out, 16000)));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => fail(res, 500, err.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    failWith: (status) => {
      failStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
