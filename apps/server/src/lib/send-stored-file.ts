import { contentRange, parseByteRange } from '@vocalis/domain/byte-range';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredFile } from '../storage/file-storage';

/**
 * Sends a stored file honouring one `Range: bytes=…` (RFC 9110 §14): 206 with Content-Range for a part,
 * 416 with `Content-Range: bytes *\/size` when the range lies outside the file, else 200 with the whole
 * file. Always Accept-Ranges: bytes, so browsers seek and Safari plays audio.
 */
export function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile & { contentType: string },
) {
  const answer = parseByteRange(request.headers.range, file.size);
  reply.header('accept-ranges', 'bytes');
  if (answer.kind === 'unsatisfiable')
    return reply
      .code(416)
      .header('content-range', contentRange(null, file.size))
      .send({
        detail: {
          status: 'range_not_satisfiable',
          message: 'The requested range is outside the file.',
        },
      });
  reply.header('content-type', file.contentType);
  if (answer.kind === 'full') return reply.header('content-length', String(file.size)).send(file.read());
  const { range } = answer;
  return reply
    .code(206)
    .header('content-range', contentRange(range, file.size))
    .header('content-length', String(range.end - range.start + 1))
    .send(file.read(range));
}
