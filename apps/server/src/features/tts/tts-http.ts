/** Reply helpers shared by the speech routes: disconnect → abort, first-part-before-headers streaming. */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Generation } from './tts.service';

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
