/** Reply helpers shared by the speech routes: disconnect → abort, first-part-before-headers streaming. */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Generation, TimedAudio } from './tts-generation';

/** Aborts when the client goes away before the response has been sent completely. */
export function disconnectSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('client disconnected'));
  });
  return controller.signal;
}

/** The headers every audio answer carries. */
export function audioHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  g: Generation,
  contentType: string,
) {
  reply
    .header('content-type', contentType)
    .header('request-id', request.id)
    .header('x-character-count', String(g.characters));
  // Known before the audio exists, so streams carry it too; the item appears when the generation ends.
  if (g.historyItemId) reply.header('history-item-id', g.historyItemId);
  return reply;
}

/**
 * Waits for the first part, so a failure before any audio still gets a proper error status, then
 * streams it and the rest as they come. Stopping the stream stops the source.
 */
export async function streamOf<T>(
  source: AsyncIterable<T>,
  toBytes: (part: T) => Uint8Array | string,
): Promise<Readable> {
  const it = source[Symbol.asyncIterator]();
  const first = await it.next();
  async function* rest() {
    try {
      if (first.done) return;
      yield toBuffer(toBytes(first.value));
      for (;;) {
        const next = await it.next();
        if (next.done) return;
        yield toBuffer(toBytes(next.value));
      }
    } finally {
      await it.return?.();
    }
  }
  return Readable.from(rest(), { objectMode: false });
}

const toBuffer = (b: Uint8Array | string) =>
  typeof b === 'string' ? Buffer.from(b) : Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/** What the speech replies need from a service (text to speech, text to dialogue). */
export interface SpeechRunner {
  convert(g: Generation, signal: AbortSignal): Promise<TimedAudio>;
  audio(g: Generation, signal: AbortSignal): AsyncIterable<Uint8Array>;
  timed(g: Generation, signal: AbortSignal): AsyncIterable<TimedAudio>;
}

/** A part with timings as JSON: base64 audio and both alignments. */
export const timedJson = (p: TimedAudio) => ({
  audio_base64: Buffer.from(p.audio.buffer, p.audio.byteOffset, p.audio.byteLength).toString('base64'),
  alignment: p.alignment,
  normalized_alignment: p.normalizedAlignment,
});

/**
 * The four answers of an ElevenLabs speech family: the whole file, a raw audio stream, JSON with
 * timings, and newline-delimited JSON with timings (one object per sentence).
 */
export function speechReplies<J>(runner: SpeechRunner, toJson: (p: TimedAudio) => J) {
  return {
    async file(request: FastifyRequest, reply: FastifyReply, g: Generation) {
      const { audio } = await runner.convert(g, disconnectSignal(reply));
      return audioHeaders(request, reply, g, g.target.contentType).send(Buffer.from(audio));
    },
    async stream(request: FastifyRequest, reply: FastifyReply, g: Generation) {
      const stream = await streamOf(runner.audio(g, disconnectSignal(reply)), (b) => b);
      return audioHeaders(request, reply, g, g.target.contentType).send(stream);
    },
    async json(request: FastifyRequest, reply: FastifyReply, g: Generation): Promise<J> {
      const result = await runner.convert(g, disconnectSignal(reply));
      audioHeaders(request, reply, g, 'application/json; charset=utf-8');
      return toJson(result);
    },
    async ndjson(request: FastifyRequest, reply: FastifyReply, g: Generation) {
      const stream = await streamOf(
        runner.timed(g, disconnectSignal(reply)),
        (p) => `${JSON.stringify(toJson(p))}\n`,
      );
      return audioHeaders(request, reply, g, 'application/x-ndjson; charset=utf-8').send(stream);
    },
  };
}
