import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, routeNotFound } from '../errors';
import { answerUnmetExpectations } from './transport-errors';

const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_request',
};

type Issue = { loc: (string | number)[]; msg: string; type: string };

/** One place that turns every failure into the spec's error shapes; 5xx never leak internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  // Failures before a route (parser, router) are shaped by transportErrorOptions; this one needs a listener.
  answerUnmetExpectations(app.server);
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      const detail: Issue[] = err.validation.map((v) => ({
        loc: [where, ...pathOf(v.instancePath)],
        msg: v.message ?? 'Invalid value',
        type: v.keyword,
      }));
      return reply.code(422).send({ detail });
    }
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send({ detail: { status: err.code, message: err.message } });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, cause: err.cause }, 'response did not match its schema');
      return reply.code(500).send(internal());
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.code(status).send(internal());
    }
    // Fastify's own client errors (bad JSON, body too large, unsupported media type...).
    return reply
      .code(status)
      .send({ detail: { status: FASTIFY_CODES[err.code] ?? 'invalid_request', message: err.message } });
  });
}

/** Unknown routes answer 404 in the error shape (browser navigations first get a chance at the SPA). */
export function registerNotFound(
  app: FastifyInstance,
  fallback?: (req: FastifyRequest, reply: FastifyReply) => boolean,
): void {
  app.setNotFoundHandler((request, reply) => {
    if (fallback?.(request, reply)) return reply;
    const err = routeNotFound(request.method, request.url);
    return reply.code(404).send({ detail: { status: err.code, message: err.message } });
  });
}

function internal() {
  return { detail: { status: 'internal_error', message: 'Something went wrong, please try again later.' } };
}

function pathOf(instancePath: string): (string | number)[] {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}
