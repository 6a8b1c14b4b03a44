/**
 * A stand-in OpenAI-compatible transcription server on loopback (`POST /v1/audio/transcriptions`, as
 * faster-whisper servers answer it). It "hears" the script it was given: the script's words spread evenly over
 * the uploaded WAV's duration, in the language it was given, so a test can tell from the answer that the
 * request went through it and that the audio arrived whole.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeWav } from '../audio/wav';

export interface TranscriptionCall {
  model: string;
  language: string | null;
  responseFormat: string | null;
  granularities: string[];
  seconds: number;
  authorization?: string;
}

export interface TranscriptionServerStandIn {
  url: string;
  calls: TranscriptionCall[];
  close(): Promise<void>;
}

export async function startTranscriptionStandIn(
  script: string,
  language = 'de',
): Promise<TranscriptionServerStandIn> {
  const calls: TranscriptionCall[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') {
          res.writeHead(404).end();
          return;
        }
        const form = await new Request('http://stand-in/', {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? '' },
          body: Buffer.concat(chunks),
        }).formData();
        const file = form.get('file');
        if (!(file instanceof Blob)) {
          res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"file missing"}');
          return;
        }
        const wav = decodeWav(new Uint8Array(await file.arrayBuffer()));
        const seconds = wav.pcm.length / wav.channels / wav.sampleRate;
        calls.push({
          model: String(form.get('model')),
          language: form.get('language') as string | null,
          responseFormat: form.get('response_format') as string | null,
          granularities: form.getAll('timestamp_granularities[]').map(String),
          seconds,
          authorization: req.headers.authorization,
        });
        const parts = script.split(/\s+/).filter(Boolean);
        const step = seconds / parts.length;
        const words = parts.map((word, i) => ({
          word,
          start: i * step,
          end: (i + 1) * step,
          probability: 0.9,
        }));
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ text: script, language, duration: seconds, words, segments: [] }));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
