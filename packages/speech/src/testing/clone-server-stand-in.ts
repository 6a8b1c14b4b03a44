/**
 * A stand-in voice cloning server on loopback, speaking the protocol of engines/http-cloning.ts
 * (docs/decisions/076). It records every call, measures each speaker's uploaded samples and "speaks as
 * the clone": a harmonic tone at the samples' median pitch, 70 ms per character at speed 1, so a test can
 * tell from the audio alone that a request went through the clone and whose samples it used.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeWav, encodeWav } from '../audio/wav';
import { measureSamples } from '../profile/clone';

const RATE = 16000;

export interface StandInCalls {
  uploads: { name: string; reference: string; files: number; authorization?: string }[];
  speech: { speakerId: string; text: string; speed: number; language: string }[];
  checks: string[];
  deletes: string[];
}

export interface CloneServerStandIn {
  url: string;
  calls: StandInCalls;
  /** Median pitch measured per speaker. */
  speakers: Map<string, number>;
  /** Forgets every speaker, as a restarted server without storage would. */
  forgetSpeakers(): void;
  /** The next speech requests answer this HTTP status (until cleared with undefined). */
  failSpeechWith(status: number | undefined): void;
  close(): Promise<void>;
}

/** A tone with three harmonics at `hz`, `seconds` long. */
export function harmonicTone(hz: number, seconds: number): Int16Array {
  const out = new Int16Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i++) {
    const t = i / RATE;
    const s =
      Math.sin(2 * Math.PI * hz * t) +
      0.5 * Math.sin(4 * Math.PI * hz * t) +
      0.25 * Math.sin(6 * Math.PI * hz * t);
    // 4 Hz syllable-like envelope, so the rate measure sees speech-like bursts.
    out[i] = Math.round(6000 * s * (0.55 + 0.45 * Math.sin(2 * Math.PI * 4 * t)));
  }
  return out;
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the stand-in on 127.0.0.1 (a free port); `apiKey` makes it require that bearer token. */
export async function startCloneServerStandIn(opts: { apiKey?: string } = {}): Promise<CloneServerStandIn> {
  const calls: StandInCalls = { uploads: [], speech: [], checks: [], deletes: [] };
  const speakers = new Map<string, number>();
  let failStatus: number | undefined;
  let next = 0;
  const json = (res: ServerResponse, status: number, value: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
  const error = (res: ServerResponse, status: number, code: string, message: string) =>
    json(res, status, { error: { code, message } });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`)
      return error(res, 401, 'unauthorized', 'bad token');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const parts = url.pathname.split('/').filter(Boolean); // v1, speakers, id?, speech?
    if (parts[0] !== 'v1' || parts[1] !== 'speakers') return error(res, 404, 'not_found', 'no such route');
    const id = parts[2] && decodeURIComponent(parts[2]);
    if (req.method === 'POST' && !id) {
      const form = await new Request('http://stand-in/', {
        method: 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? '' },
        body: new Uint8Array(await body(req)),
      }).formData();
      const files = form.getAll('files').filter((f): f is File => typeof f !== 'string');
      if (!files.length) return error(res, 422, 'no_files', 'files are required');
      const clips = [];
      for (const f of files) {
        const wav = decodeWav(new Uint8Array(await f.arrayBuffer()));
        clips.push({ pcm: wav.pcm, sampleRate: wav.sampleRate });
      }
      const speakerId = `spk_${++next}`;
      speakers.set(speakerId, (await measureSamples(clips)).pitchHz);
      calls.uploads.push({
        name: String(form.get('name')),
        reference: String(form.get('reference')),
        files: files.length,
        authorization: req.headers.authorization,
      });
      return json(res, 201, { speaker_id: speakerId });
    }
    if (!id) return error(res, 404, 'not_found', 'no such route');
    if (req.method === 'GET' && parts.length === 3) {
      calls.checks.push(id);
      return speakers.has(id)
        ? json(res, 200, { speaker_id: id })
        : error(res, 404, 'unknown_speaker', 'gone');
    }
    if (req.method === 'DELETE' && parts.length === 3) {
      calls.deletes.push(id);
      return speakers.delete(id) ? res.writeHead(204).end() : error(res, 404, 'unknown_speaker', 'gone');
    }
    if (req.method === 'POST' && parts[3] === 'speech') {
      const input = JSON.parse((await body(req)).toString()) as {
        text: string;
        speed: number;
        language: string;
      };
      if (failStatus) return error(res, failStatus, 'failed', 'the model crashed');
      const pitch = speakers.get(id);
      if (pitch === undefined) return error(res, 404, 'unknown_speaker', `no speaker ${id}`);
      calls.speech.push({ speakerId: id, text: input.text, speed: input.speed, language: input.language });
      const pcm = harmonicTone(pitch, (0.07 * input.text.length) / input.speed);
      return res.writeHead(200, { 'content-type': 'audio/wav' }).end(Buffer.from(encodeWav(pcm, RATE)));
    }
    return error(res, 404, 'not_found', 'no such route');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => error(res, 500, 'internal', String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    speakers,
    forgetSpeakers: () => speakers.clear(),
    failSpeechWith: (status) => {
      failStatus = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
