import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse, readyResponse } from '@vocalis/contracts/health';
import type { Database } from '../../db/client';

export type Lifecycle = { state: 'starting' | 'ready' | 'stopping' };

/** Liveness (checks the database) and readiness (false while starting or draining). */
export const healthRoutes =
  (database: Database, lifecycle: Lifecycle): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/healthz',
      {
        config: { public: true, rateLimit: false },
        schema: {
          tags: ['health'],
          summary: 'Liveness: the process answers and its database responds',
          response: { 200: healthResponse, 503: healthResponse },
        },
      },
      async (request, reply) => {
        try {
          await database.ping();
          return { status: 'ok' as const, database: 'ok' as const, database_kind: database.kind };
        } catch (err) {
          request.log.error({ err }, 'health check: database unreachable');
          return reply.code(503).send({ status: 'error', database: 'error', database_kind: database.kind });
        }
      },
    );
    app.get(
      '/readyz',
      {
        config: { public: true, rateLimit: false },
        schema: {
          tags: ['health'],
          summary: 'Readiness: accepting traffic',
          response: { 200: readyResponse, 503: readyResponse },
        },
      },
      async (_request, reply) =>
        reply.code(lifecycle.state === 'ready' ? 200 : 503).send({ status: lifecycle.state }),
    );
  };
