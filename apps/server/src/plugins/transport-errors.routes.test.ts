import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../testing/test-app';

/** Sends `text` as is over a new connection and parses the one response (status, headers, JSON body). */
function rawRequest(app: TestApp, text: string) {
  const port = Number(new URL(app.url).port);
  return new Promise<{ status: number; head: string; body: unknown }>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (d: Buffer) => (out += d.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const split = out.indexOf('\r\n\r\n');
      const head = out.slice(0, split);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      let rest = out.slice(split + 4);
      // A chunked body: keep the data of each chunk.
      if (/transfer-encoding: chunked/i.test(head)) rest = rest.replace(/(^|\r\n)[0-9a-f]+\r\n/gi, '');
      resolve({ status, head, body: JSON.parse(rest.trim().replace(/\r\n$/, '')) as unknown });
    });
  });
}

const get = (path: string, headers = '') =>
  `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`;

describe(`errors outside the route lifecycle on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    app = await startTestApp();
    user = await createTestUser(app);
  });
  afterAll(() => app?.close());

  it('answers headers over 16 KB with 431 in the detail shape', async () => {
    const res = await rawRequest(app, get('/v1/models', `X-Big: ${'a'.repeat(20_000)}\r\n`));
    expect(res.status).toBe(431);
    expect(res.head).toMatch(/content-type: application\/json/i);
    expect(res.body).toEqual({
      detail: {
        status: 'headers_too_large',
        message: 'The request line and headers are larger than the server accepts (16 KB).',
      },
    });
  });

  it('answers a request line over 16 KB with 431 in the detail shape', async () => {
    const res = await rawRequest(app, get(`/v1/models?q=${'a'.repeat(20_000)}`));
    expect(res.status).toBe(431);
    expect(res.body).toMatchObject({ detail: { status: 'headers_too_large' } });
  });

  it.each([
    ['garbage instead of HTTP', 'NOT HTTP AT ALL\r\n\r\n'],
    ['a header without a colon', get('/v1/models', 'Broken header\r\n')],
    ['a NUL byte in a header value', get('/v1/models', 'X-Nul: a\u0000b\r\n')],
    ['a bad Content-Length', 'POST /v1/models HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n'],
  ])('answers %s with 400 in the detail shape', async (_name, text) => {
    const res = await rawRequest(app, text);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      detail: { status: 'malformed_request', message: 'The request is not valid HTTP.' },
    });
  });

  it('answers a path that cannot be percent-decoded (%ZZ) with 400 in the detail shape', async () => {
    const res = await rawRequest(app, get('/v1/voices/%ZZ', `xi-api-key: ${user.apiKey}\r\n`));
    expect(res.status).toBe(400);
    expect(res.head).toMatch(/x-request-id: /i);
    expect(res.body).toEqual({
      detail: { status: 'invalid_url', message: 'The URL path has invalid percent-encoding.' },
    });
  });

  it('answers a path parameter over 100 characters with 414 in the detail shape', async () => {
    const res = await rawRequest(app, get(`/v1/voices/${'a'.repeat(500)}`, `xi-api-key: ${user.apiKey}\r\n`));
    expect(res.status).toBe(414);
    expect(res.body).toEqual({
      detail: { status: 'uri_too_long', message: 'A path parameter is longer than 100 characters.' },
    });
  });

  it('answers an Expect header it cannot meet with 417 in the detail shape', async () => {
    const res = await rawRequest(
      app,
      get('/v1/models', `xi-api-key: ${user.apiKey}\r\nExpect: something-else\r\n`),
    );
    expect(res.status).toBe(417);
    expect(res.body).toEqual({
      detail: {
        status: 'expectation_failed',
        message: "The server cannot meet the expectation 'something-else'.",
      },
    });
  });

  it('answers an unknown /api/auth path with 404 in the detail shape', async () => {
    const res = await app.request('/api/auth/no-such-endpoint');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: { status: 'not_found', message: 'Not found.' } });
  });

  it('still serves a sane request on the same server', async () => {
    const res = await rawRequest(app, get('/v1/models', `xi-api-key: ${user.apiKey}\r\n`));
    expect(res.status).toBe(200);
  });
});
