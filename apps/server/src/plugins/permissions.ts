import type { FastifyInstance } from 'fastify';
import {
  ANY_KEY,
  keyRefusal,
  missingPermissionMessage,
  SESSION_ONLY,
  SESSION_REQUIRED_MESSAGE,
} from '@vocalis/domain/api-key-permissions';
import { AppError, forbidden } from '../errors';
import type { Principal } from './auth';
import { routeAccess } from './route-permissions';

const API_ROUTE = /^\/v[12](\/|$)/;
/** The API routes each app registered, as 'METHOD /url' (HEAD left out: it follows GET). */
const registered = new WeakMap<FastifyInstance, string[]>();

/** What an operation's description says about API keys. */
export function accessNote(access: string): string {
  if (access === SESSION_ONLY) return 'API keys: not accepted (signed-in session only).';
  if (access === ANY_KEY) return 'API keys: any key.';
  return `API keys: needs the \`${access}\` permission.`;
}

/** The error for a key the table refuses on this route, or null when the caller may go on. */
export function keyPermissionError(
  principal: Principal | null,
  method: string,
  url: string,
): AppError | null {
  if (principal?.via !== 'api_key') return null;
  const refusal = keyRefusal(principal.permissions ?? null, routeAccess(method, url));
  if (!refusal) return null;
  return refusal.kind === 'session_only'
    ? forbidden(SESSION_REQUIRED_MESSAGE, 'session_required')
    : new AppError(401, 'missing_permissions', missingPermissionMessage(refusal.permission));
}

/**
 * Enforces route-permissions.ts for xi-api-key callers on every /v1 and /v2 route, once, right after the
 * auth hook has resolved the caller (so register it right after registerAuth, before any feature: it also
 * records the routes registered after it). Routes without an entry are logged at start.
 */
export function registerPermissions(app: FastifyInstance): void {
  const routes: string[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!API_ROUTE.test(route.url)) return;
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    for (const method of methods) routes.push(`${method} ${route.url}`);
    // The OpenAPI document (/docs) says what a key needs for each operation.
    const access = methods.length === 1 ? routeAccess(methods[0]!, route.url) : undefined;
    if (access && route.schema && !route.schema.hide) {
      const note = accessNote(access);
      const description = route.schema.description;
      if (!description?.includes(note)) {
        route.schema.description = description ? `${description}\n\n${note}` : note;
      }
    }
  });
  app.addHook('onReady', async () => {
    const missing = routesWithoutEntry(app);
    if (missing.length) {
      app.log.warn(
        { routes: missing },
        'API routes without an API-key permission entry: restricted keys are refused',
      );
    }
  });
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url || !API_ROUTE.test(url)) return;
    const error = keyPermissionError(request.principal, request.method, url);
    if (error) throw error;
  });
}

/** Every API route registered after registerPermissions, as 'METHOD /url'. */
export function apiRoutesOf(app: FastifyInstance): readonly string[] {
  return registered.get(app) ?? [];
}

/** The API routes that route-permissions.ts does not map (a test keeps this empty). */
export function routesWithoutEntry(app: FastifyInstance): string[] {
  return apiRoutesOf(app).filter((key) => {
    const [method, url] = key.split(' ') as [string, string];
    return routeAccess(method, url) === undefined;
  });
}
