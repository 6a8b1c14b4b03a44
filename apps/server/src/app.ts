import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createCore } from './app-core';
import { watchPrincipalChanges } from './auth/principal-cache';
import { watchReadChanges } from './db/read-cache';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerFeatures } from './features/feature';
import { FEATURES } from './features/features';
import type { Lifecycle } from './features/health/health.routes';
import { EventBus } from './live/event-bus';
import { registerLiveRoutes } from './live/live.routes';
import { registerAuth, resolvePrincipal } from './plugins/auth';
import { registerErrorHandler, registerNotFound } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { transportErrorOptions } from './plugins/transport-errors';
import { registerOpenApi } from './plugins/openapi';
import { registerPermissions } from './plugins/permissions';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';

export type AppOptions = {
  config: Config;
  database: Database;
  bus?: EventBus;
  logger?: FastifyServerOptions['logger'];
  /** This process as a node of the cluster: it owns the process's generation reservations (decision 028). */
  node: { readonly id: string };
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Builds the whole HTTP app (API + web app) over an open database; the caller listens and closes. */
export async function buildApp({ config, database, bus = new EventBus(), logger, node }: AppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    // Reuse a caller's request id when it is sane, so logs join up across services.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 10 * 1024 * 1024,
    // Parser and router failures (431, 414, bad URL) answer in the detail shape too.
    ...transportErrorOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // API-key callers are kept in memory while the database tells this process of every change (decision 041).
  const principals = await watchPrincipalChanges(database, app.log);
  app.addHook('onClose', () => principals.stop());
  // So are the rows of the hot reads, emptied on every change to a table they use (decision 043).
  const reads = await watchReadChanges(database, app.log);
  app.addHook('onClose', () => reads.stop());

  const lifecycle: Lifecycle = { state: 'starting' };
  const core = createCore(app, { config, database, bus, lifecycle, node });
  const { auth, users } = core;

  registerErrorHandler(app);
  // NUL and other control characters in any parameter, query or body: 422 before any route sees them.
  registerInputGuard(app);
  const web = await registerWebApp(app, config.webDistDir);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(web?.inlineScriptHashes ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The social sign-in popup (a provider's page) must be able to post its result back to the app.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: true,
    exposedHeaders: ['x-request-id', 'history-item-id', 'request-id'],
  });
  await app.register(cookie);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerOpenApi(app, config.publicUrl);
  registerAuth(app, auth, database.db, config.publicUrl);
  // API-key permissions (plugins/route-permissions.ts), checked once right after the caller is known.
  registerPermissions(app);
  registerLiveRoutes(app, bus, {
    authenticate: (headers) => resolvePrincipal(auth, database.db, headers),
    workspaceIds: (userId) => users.workspaceIds(userId),
    allowedOrigins: config.trustedOrigins,
  });
  // Every product area (features/features.ts), each one entry: its services, routes and jobs.
  const features = await registerFeatures(app, core, FEATURES);
  registerNotFound(app, web?.fallback);

  return { ...core, ...features, app };
}

export type BuiltApp = Awaited<ReturnType<typeof buildApp>>;
