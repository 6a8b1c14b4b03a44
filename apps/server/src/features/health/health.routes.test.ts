import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';

describe(`app shell on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  const themeScript =
    "document.documentElement.classList.toggle('dark', localStorage.getItem('color-theme') === 'dark');";
  beforeAll(async () => {
    const web = mkdtempSync(path.join(os.tmpdir(), 'vocalis-web-'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(
      path.join(web, 'index.html'),
      `<!doctype html><html><head><script>${themeScript}</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`,
    );
    writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
    app = await startTestApp({ env: { WEB_DIST_DIR: web } });
  });
  afterAll(() => app?.close());

  it('reports a healthy database of the configured kind on /healthz', async () => {
    const res = await app.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok', database_kind: process.env.TEST_DB });
  });

  it('is ready once started', async () => {
    const res = await app.request('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
  });

  it('echoes a sane caller request id and makes one up otherwise', async () => {
    const given = await app.request('/healthz', { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('abc-123');
    const bogus = await app.request('/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(bogus.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown /v1 routes with a 404 in the error shape', async () => {
    const res = await app.request('/v1/does-not-exist?x=1');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      detail: { status: 'not_found', message: 'No route GET /v1/does-not-exist.' },
    });
  });

  it('publishes an OpenAPI document built from the route schemas, and browsable docs', async () => {
    const doc = (await (await app.request('/openapi.json')).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/messages', '/v1/messages/{message_id}/read', '/healthz']),
    );
    const docs = await app.request('/docs/');
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger');
  });

  it('sends security headers', async () => {
    const res = await app.request('/healthz');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    // A route may replace one: the sign-in pages keep their popup's opener.
    const signIn = await app.request('/api/auth/ok');
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(signIn.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the web app for client-side routes, allowing only its own inline script', async () => {
    const res = await app.request('/app/home', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    const hash = createHash('sha256').update(themeScript).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
    const asset = await app.request('/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('answers pages missing from the route table with 404 (still the app, which shows not-found)', async () => {
    const missing = await app.request('/app/no-such-page', { headers: { accept: 'text/html' } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root">');
    expect((await app.request('/sign-in')).status).toBe(200);
    expect((await app.request('/')).status).toBe(200);
  });

  it('does not answer API paths with the web app', async () => {
    const res = await app.request('/v1/nothing', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
