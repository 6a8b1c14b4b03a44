import { ANY_KEY, missingPermissionMessage, SESSION_ONLY } from '@vocalis/domain/api-key-permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createApiKey } from '../features/api-keys/api-keys.service';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../testing/test-app';
import { accessNote, apiRoutesOf, routesWithoutEntry } from './permissions';
import { routeAccess } from './route-permissions';

type Answer = { status: number; detail?: { status?: string; message?: string } };
const SESSION_REQUIRED = {
  status: 'session_required',
  message: 'This action needs a signed-in session, not an API key.',
};
// A well-formed id for every path parameter (voice ids, history ids, keys, codes are all 20 characters or less).
const DUMMY = 'AAAAAAAAAAAAAAAAAAAA';
// The WebSocket authenticates itself (see live.int.test.ts); the /v1 hooks skip it.
const OVER_HTTP = (route: string) => route !== 'GET /v1/live';

describe(`API-key permissions for every route on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let user: TestUser;
  let routes: string[];
  beforeAll(async () => {
    app = await startTestApp();
    user = await createTestUser(app);
    routes = [...apiRoutesOf(app.app)];
  });
  afterAll(() => app?.close());

  const keyWith = async (permissions: string[] | null) =>
    (await createApiKey(app.database.db, user.id, { name: 'sweep', permissions })).key;

  /** Calls a route with dummy path parameters and a minimal body, as the given key. */
  async function call(route: string, key: string): Promise<Answer> {
    const [method, url] = route.split(' ') as [string, string];
    const withBody = ['POST', 'PUT', 'PATCH'].includes(method);
    const res = await app.request(url.replace(/:\w+/g, DUMMY), {
      method,
      headers: { 'xi-api-key': key, ...(withBody ? { 'content-type': 'application/json' } : {}) },
      body: withBody ? '{}' : undefined,
    });
    const text = await res.text();
    let detail: Answer['detail'];
    try {
      const parsed = JSON.parse(text) as { detail?: unknown };
      if (parsed.detail && !Array.isArray(parsed.detail)) detail = parsed.detail as Answer['detail'];
    } catch {
      // audio or an empty answer
    }
    return { status: res.status, detail };
  }
  const refusedByTable = (a: Answer) =>
    (a.status === 401 && a.detail?.status === 'missing_permissions') ||
    (a.status === 403 && a.detail?.status === 'session_required');

  it('has a table entry for every API route, hidden ones and every /openapi.json operation included', async () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(routesWithoutEntry(app.app)).toEqual([]);

    const doc = (await (await app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const apiOperations = operations.filter((op) => /^\w+ \/v[12]\//.test(op));
    expect(apiOperations.length).toBeGreaterThan(80);
    // Every documented operation is one of the recorded routes, so the sweeps below reach all of them.
    expect(apiOperations.filter((op) => !routes.includes(op))).toEqual([]);
    // And its description tells API users what a key needs.
    const undocumented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([m]) => /^\/v[12]\//.test(path) && m !== 'head')
        .filter(([m, op]) => {
          const access = routeAccess(m.toUpperCase(), path.replace(/\{(\w+)\}/g, ':$1'))!;
          return !(op as { description?: string }).description?.includes(accessNote(access));
        })
        .map(([m]) => `${m} ${path}`),
    );
    expect(undocumented).toEqual([]);
    expect(
      (doc.paths['/v1/text-to-speech/{voice_id}']!.post as { description: string }).description,
    ).toContain('API keys: needs the `text_to_speech` permission.');
  });

  it('refuses a key limited to dubbing_read on every operation that needs another permission or a session', async () => {
    const key = await keyWith(['dubbing_read']);
    const wrong: string[] = [];
    let reachedAnyKeyRoutes = 0;
    for (const route of routes.filter(OVER_HTTP)) {
      const [method, url] = route.split(' ') as [string, string];
      const access = routeAccess(method, url);
      // The dubbing routes need exactly this key's permission (the test above lets such keys through).
      if (access === 'dubbing_read') continue;
      const answer = await call(route, key);
      if (access === ANY_KEY) {
        if (refusedByTable(answer)) wrong.push(`${route}: ${answer.status} refused on an any-key route`);
        else reachedAnyKeyRoutes++;
        continue;
      }
      const expected =
        access === SESSION_ONLY
          ? { status: 403, detail: SESSION_REQUIRED }
          : {
              status: 401,
              detail: { status: 'missing_permissions', message: missingPermissionMessage(access ?? null) },
            };
      if (
        answer.status !== expected.status ||
        JSON.stringify(answer.detail) !== JSON.stringify(expected.detail)
      ) {
        wrong.push(`${route}: ${answer.status} ${JSON.stringify(answer.detail)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(reachedAnyKeyRoutes).toBeGreaterThan(0);
  });

  it('lets a key with exactly the permission a route needs past the permission check', async () => {
    const keys = new Map<string, string>();
    const wrong: string[] = [];
    for (const route of routes.filter(OVER_HTTP)) {
      const [method, url] = route.split(' ') as [string, string];
      const access = routeAccess(method, url)!;
      if (access === SESSION_ONLY || access === ANY_KEY) continue;
      if (!keys.has(access)) keys.set(access, await keyWith([access]));
      const answer = await call(route, keys.get(access)!);
      if (refusedByTable(answer))
        wrong.push(`${route} with ${access}: ${answer.status} ${answer.detail?.message}`);
    }
    expect(wrong).toEqual([]);
    expect(keys.size).toBeGreaterThan(5);
  });

  it('holds the live WebSocket to its entry too (user_read), though the /v1 hooks skip it', async () => {
    expect(routeAccess('GET', '/v1/live')).toBe('user_read');
    const open = (key: string) =>
      new Promise<{ code: number; messages: unknown[] }>((resolve, reject) => {
        const ws = new WebSocket(`${app.url.replace('http', 'ws')}/v1/live`, {
          headers: { 'xi-api-key': key },
        });
        const messages: unknown[] = [];
        ws.on('message', (d) => {
          messages.push(JSON.parse(d.toString()));
          if (messages.length === 1 && (messages[0] as { type: string }).type === 'ready') ws.close(1000);
        });
        ws.on('close', (code) => resolve({ code, messages }));
        ws.on('error', reject);
      });
    const refused = await open(await keyWith(['dubbing_read']));
    expect(refused).toEqual({
      code: 4401,
      messages: [{ type: 'error', message: missingPermissionMessage('user_read') }],
    });
    const allowed = await open(await keyWith(['user_read']));
    expect(allowed.messages).toEqual([{ type: 'ready', user_id: user.id }]);
  });

  it('refuses even a key with every permission on the session-only routes', async () => {
    const key = await keyWith(null);
    const sessionOnly = routes.filter(OVER_HTTP).filter((r) => {
      const [method, url] = r.split(' ') as [string, string];
      return routeAccess(method, url) === SESSION_ONLY;
    });
    expect(sessionOnly.length).toBeGreaterThan(5);
    const answers = await Promise.all(sessionOnly.map(async (r) => [r, await call(r, key)] as const));
    expect(answers.filter(([, a]) => a.status !== 403 || a.detail?.status !== 'session_required')).toEqual(
      [],
    );
  });
});
