import { STATUS_CODES } from 'node:http';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

type Detail = { status: number; code: string; message: string };

/** Failures of the HTTP parser (before Fastify sees a request), by Node's error code. */
function clientErrorDetail(code: string | undefined): Detail {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        code: 'headers_too_large',
        message: 'The request line and headers are larger than the server accepts (16 KB).',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return { status: 408, code: 'request_timeout', message: 'The request was not received in time.' };
    default:
      return { status: 400, code: 'malformed_request', message: 'The request is not valid HTTP.' };
  }
}

/** Failures of Fastify's router (the URL cannot be decoded, a path parameter is too long). */
function frameworkErrorDetail(err: FastifyError): Detail {
  switch (err.code) {
    case 'FST_ERR_BAD_URL':
      return { status: 400, code: 'invalid_url', message: 'The URL path has invalid percent-encoding.' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return {
        status: 414,
        code: 'uri_too_long',
        message: 'A path parameter is longer than 100 characters.',
      };
    default: // FST_ERR_ASYNC_CONSTRAINT: a failure of ours, said generically like every 5xx
      return {
        status: 500,
        code: 'internal_error',
        message: 'Something went wrong, please try again later.',
      };
  }
}

const body = (d: Detail) => JSON.stringify({ detail: { status: d.code, message: d.message } });

/**
 * Fastify server options that give the errors raised outside the route lifecycle the `detail` shape every
 * other error has: Node's HTTP parser failures (431 headers too large, 400 malformed, 408 timeout) through
 * `clientErrorHandler`, and the router's (400 undecodable URL, 414 over-long parameter) through
 * `frameworkErrors`. Fastify's defaults answer these with `{"error","code","message"}`.
 */
export const transportErrorOptions: Pick<FastifyServerOptions, 'clientErrorHandler' | 'frameworkErrors'> = {
  clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
    // A reset connection has no one to answer (Node's own rule).
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const d = clientErrorDetail(err.code);
    const text = body(d);
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${d.status} ${STATUS_CODES[d.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
      );
    }
    socket.destroy(err);
  },
  frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    const d = frameworkErrorDetail(err);
    if (d.status >= 500) request.log.error({ err }, 'router failure');
    void reply
      .code(d.status)
      .header('x-request-id', request.id)
      .type('application/json; charset=utf-8')
      .send(body(d));
  },
};

/**
 * Node answers an `Expect` header other than 100-continue itself, with a bare 417, unless someone listens
 * for it: answer in the detail shape instead.
 */
export function answerUnmetExpectations(server: Server): void {
  server.on('checkExpectation', (request, response) => {
    const text = body({
      status: 417,
      code: 'expectation_failed',
      message: `The server cannot meet the expectation '${String(request.headers.expect).slice(0, 100)}'.`,
    });
    response.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
      connection: 'close',
    });
    response.end(text);
  });
}
