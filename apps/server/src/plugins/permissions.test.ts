import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from './auth';
import { registerErrorHandler } from './error-handler';
import { apiRoutesOf, registerPermissions, routesWithoutEntry } from './permissions';
import { routeAccess } from './route-permissions';

/** A small app with the permission hook behind a stand-in auth hook (principal from a test header). */
async function appWithRoutes() {
  const app = Fastify();
  registerErrorHandler(app);
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    const given = request.headers['x-test-principal'];
    request.principal = typeof given === 'string' ? (JSON.parse(given) as Principal) : null;
  });
  registerPermissions(app);
  app.get('/v1/user', async () => ({ ok: true }));
  app.delete('/v1/user/delete', async () => ({ ok: true }));
  app.get('/v1/zz-unmapped/:id', async () => ({ ok: true }));
  app.get('/healthz-like', async () => ({ ok: true }));
  await app.ready();
  return app;
}

const key = (permissions: string[] | null): Principal => ({
  userId: 'u1',
  via: 'api_key',
  keyId: 'k1',
  permissions,
});

describe('the API-key permission hook', () => {
  let app: Awaited<ReturnType<typeof appWithRoutes>>;
  beforeAll(async () => {
    app = await appWithRoutes();
  });
  afterAll(() => app.close());

  const get = (method: 'GET' | 'DELETE' | 'HEAD', url: string, principal: Principal | null) =>
    app.inject({
      method,
      url,
      headers: principal ? { 'x-test-principal': JSON.stringify(principal) } : {},
    });

  it('records every API route and finds the ones without a table entry', () => {
    expect(apiRoutesOf(app)).toEqual(['GET /v1/user', 'DELETE /v1/user/delete', 'GET /v1/zz-unmapped/:id']);
    expect(routesWithoutEntry(app)).toEqual(['GET /v1/zz-unmapped/:id']);
  });

  it('lets a key with the permission through, and HEAD follows GET', async () => {
    expect((await get('GET', '/v1/user', key(['user_read']))).statusCode).toBe(200);
    expect((await get('HEAD', '/v1/user', key(['user_read']))).statusCode).toBe(200);
    expect((await get('GET', '/v1/user', key(null))).statusCode).toBe(200);
  });

  it("refuses a key without it with ElevenLabs' 401 missing_permissions", async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await get(method, '/v1/user', key(['dubbing_read']));
      expect(res.statusCode).toBe(401);
    }
    expect((await get('GET', '/v1/user', key(['dubbing_read']))).json()).toEqual({
      detail: {
        status: 'missing_permissions',
        message: 'The API key you used is missing the permission user_read to execute this operation.',
      },
    });
  });

  it('refuses every key, even one with all permissions, on a session-only route', async () => {
    for (const permissions of [null, ['user_write']]) {
      const res = await get('DELETE', '/v1/user/delete', key(permissions));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail: {
          status: 'session_required',
          message: 'This action needs a signed-in session, not an API key.',
        },
      });
    }
  });

  it('denies restricted keys a route without an entry by default; a key with every permission passes', async () => {
    const res = await get('GET', '/v1/zz-unmapped/1', key(['user_read', 'voices_read']));
    expect(res.statusCode).toBe(401);
    expect(res.json().detail.status).toBe('missing_permissions');
    expect((await get('GET', '/v1/zz-unmapped/1', key(null))).statusCode).toBe(200);
  });

  it('never limits sessions or anonymous callers', async () => {
    const session: Principal = { userId: 'u1', via: 'session' };
    expect((await get('DELETE', '/v1/user/delete', session)).statusCode).toBe(200);
    expect((await get('GET', '/v1/zz-unmapped/1', session)).statusCode).toBe(200);
    expect((await get('GET', '/v1/user', null)).statusCode).toBe(200);
  });
});

describe('routeAccess (the table lookup)', () => {
  it.each([
    ['GET', '/v1/user', 'user_read'],
    ['HEAD', '/v1/history/:history_item_id/audio', 'speech_history_read'],
    ['POST', '/v1/text-to-dialogue/stream', 'text_to_speech'],
    ['DELETE', '/v1/user/delete', 'session-only'],
    ['GET', '/v1/shared/:share_id', 'any-key'],
    ['POST', '/v1/user', undefined],
    ['GET', '/v1/constructor', undefined],
    ['GET', 'toString', undefined],
  ])('%s %s -> %s', (method, url, access) => {
    expect(routeAccess(method, url)).toBe(access);
  });
});
