import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveRedirectTarget } from '@vocalis/domain/redirect-target';
import type { Auth } from '../auth/auth';
import { authRequestHeaders, toErrorShape } from '../auth/auth-proxy';
import { isDontRemember, presentedSessionToken, type SessionCookieNames } from '../auth/session-credentials';
import { sessionByToken, type SessionLifetimes } from '../auth/session-principal';
import type { CallerWorkspace } from '../auth/session-principal.repo';
import { authenticateSessionToken, bearerJwtOf } from '../auth/session-tokens';
import type { AppDb } from '../db/client';
import { unauthorized } from '../errors';
import { authenticateApiKey } from '../features/api-keys/api-keys.service';

/**
 * The caller; for an xi-api-key also the key's id and scopes (null = all), read by permission and
 * character-limit checks; for a session bearer token (a JWT) also the workspace id from its claims, which
 * wins over the user's stored current workspace (accounts.md §3). `workspace` is the user's current
 * workspace as read with the credentials, in the same statement: services take it from here instead of
 * looking it up again (decision 033).
 */
export type Principal = {
  userId: string;
  via: 'session' | 'api_key';
  keyId?: string;
  permissions?: readonly string[] | null;
  workspaceId?: string;
  workspace?: CallerWorkspace | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Route answers without credentials. */
    public?: boolean;
  }
}

type SessionSettings = { names: SessionCookieNames; secret: string; lifetimes: SessionLifetimes };
const sessionSettings = new WeakMap<Auth, Promise<SessionSettings>>();

/** better-auth's cookie names, secret and session lifetimes, read once per auth instance. */
function settingsOf(auth: Auth): Promise<SessionSettings> {
  let found = sessionSettings.get(auth);
  if (!found) {
    found = auth.$context.then((ctx) => ({
      names: {
        sessionToken: ctx.authCookies.sessionToken.name,
        dontRemember: ctx.authCookies.dontRememberToken.name,
      },
      secret: ctx.secret,
      lifetimes: { expiresIn: ctx.sessionConfig.expiresIn, updateAge: ctx.sessionConfig.updateAge },
    }));
    sessionSettings.set(auth, found);
  }
  return found;
}

/**
 * Resolves the caller from xi-api-key (or an API key as bearer token), a session bearer token (JWT from
 * /api/auth/token), a session cookie or better-auth's opaque bearer session token: one statement each, which
 * also reads the user's current workspace. A JWT, when sent, decides alone: a bad or expired one is refused
 * even if a session cookie came with it.
 */
export async function resolvePrincipal(
  auth: Auth,
  db: AppDb,
  headers: FastifyRequest['headers'],
): Promise<Principal | null> {
  // OpenAI-compatible clients send the API key as a bearer token; session bearer tokens look different.
  const bearerKey = /^Bearer (sk_[0-9a-f]{48})$/.exec(headers.authorization ?? '')?.[1];
  const apiKey = headers['xi-api-key'] || bearerKey;
  if (typeof apiKey === 'string' && apiKey) {
    const found = await authenticateApiKey(db, apiKey);
    return found
      ? {
          userId: found.userId,
          via: 'api_key',
          keyId: found.keyId,
          permissions: found.permissions,
          workspace: found.workspace,
        }
      : null;
  }
  const jwt = bearerJwtOf(headers.authorization);
  if (jwt) {
    const publicUrl = auth.options.baseURL;
    if (typeof publicUrl !== 'string') return null;
    const found = await authenticateSessionToken(db, publicUrl, jwt);
    return found
      ? {
          userId: found.userId,
          via: 'session',
          workspace: found.workspace,
          ...(found.workspaceId && { workspaceId: found.workspaceId }),
        }
      : null;
  }
  if (!headers.cookie && !headers.authorization) return null;
  const settings = await settingsOf(auth);
  const token = presentedSessionToken(headers, settings.names, settings.secret);
  if (!token) return null;
  // better-auth extends a session's expiry once a day of use, unless the sign-in asked not to be remembered.
  const extend = isDontRemember(headers.cookie, settings.names, settings.secret) ? null : settings.lifetimes;
  const session = await sessionByToken(db, token, extend);
  return session ? { userId: session.userId, via: 'session', workspace: session.workspace } : null;
}

/** Mounts better-auth at /api/auth and checks credentials once for every /v1 and /v2 route. */
// better-auth parameters that name where the browser goes afterwards.
const REDIRECT_PARAMS = ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL', 'redirectTo'] as const;

/**
 * Every redirect target handed to better-auth passes the spec's allow-list first (same origin, allowed
 * paths from the route table); anything else becomes the default target.
 */
export function sanitizeRedirects<T>(input: T, origin: string): T {
  if (!input || typeof input !== 'object') return input;
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const key of REDIRECT_PARAMS) {
    if (typeof out[key] === 'string') out[key] = resolveRedirectTarget(out[key] as string, { origin });
  }
  return out as T;
}

export function registerAuth(app: FastifyInstance, auth: Auth, db: AppDb, publicUrl: string): void {
  app.decorateRequest('principal', null);

  // Sign in with Apple posts its answer as a form (response_mode=form_post); only /api/auth reads forms.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      config: { public: true },
      schema: { hide: true },
      async handler(request, reply) {
        const url = new URL(request.url, reqOrigin(request));
        for (const key of REDIRECT_PARAMS) {
          const value = url.searchParams.get(key);
          if (value !== null) url.searchParams.set(key, resolveRedirectTarget(value, { origin: publicUrl }));
        }
        const req = new Request(url, {
          method: request.method,
          headers: authRequestHeaders(request),
          body:
            request.body === undefined
              ? undefined
              : typeof request.body === 'string'
                ? request.body
                : JSON.stringify(sanitizeRedirects(request.body, publicUrl)),
        });
        const res = await toErrorShape(await auth.handler(req));
        reply.status(res.status);
        // The social sign-in popup runs through these pages and must keep its opener (the app's pages
        // allow popups); the popup's completion page brings its own CSP.
        reply.header('cross-origin-opener-policy', 'unsafe-none');
        res.headers.forEach((value, key) => {
          if (key !== 'set-cookie') reply.header(key, value);
        });
        const cookies = res.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        return reply.send(res.body ? Buffer.from(await res.arrayBuffer()) : null);
      },
    });
  });

  app.addHook('onRequest', async (request) => {
    if (!/^\/v[12](\/|$)/.test(request.url)) return;
    if (request.url.startsWith('/v1/live')) return; // the WebSocket handshake authenticates itself
    request.principal = await resolvePrincipal(auth, db, request.headers);
    if (!request.principal && !request.routeOptions.config?.public && request.routeOptions.url) {
      throw unauthorized();
    }
  });
}

function reqOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The caller, or a 401 (for routes that are reached without the /v1 hook). */
export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** The signed-in user id, or a 401 (for routes that are reached without the /v1 hook). */
export function requireUser(request: FastifyRequest): string {
  if (!request.principal) throw unauthorized();
  return request.principal.userId;
}

/**
 * The caller's current workspace: the one the auth hook read with the credentials when the request has it,
 * else `lookup`'s (callers outside a request, or a user without a workspace, whose lookup answers the 404).
 */
export async function callerWorkspace(
  caller: { userId: string; workspace?: { id: string; tier: string } | null },
  lookup: { workspaceOf(userId: string): Promise<{ id: string }> },
): Promise<{ id: string }> {
  return caller.workspace ?? lookup.workspaceOf(caller.userId);
}
