import { describe, expect, it } from 'vitest';
import { toErrorShape } from './auth-proxy';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('toErrorShape (better-auth answers in the API error shape)', () => {
  it('turns {"code","message"} into the detail shape', async () => {
    const res = await toErrorShape(
      json(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }),
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      detail: { status: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
    });
  });

  it.each([
    ['a JSON null (an unknown /api/auth path)', () => json(404, null), 404, 'not_found', 'Not found.'],
    ['an empty body', () => new Response(null, { status: 404 }), 404, 'not_found', 'Not found.'],
    [
      'a text body',
      () => new Response('Method Not Allowed', { status: 405, headers: { 'content-type': 'text/plain' } }),
      405,
      'method_not_allowed',
      'Method not allowed.',
    ],
    [
      'a bare 429',
      () => new Response('', { status: 429 }),
      429,
      'too_many_requests',
      'Too many requests, please try again later.',
    ],
    [
      'another 4xx without a message',
      () => json(400, { error: 'x' }),
      400,
      'invalid_request',
      'The request is not valid.',
    ],
  ])('gives %s the detail shape', async (_name, make, status, code, message) => {
    const res = await toErrorShape(make());
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ detail: { status: code, message } });
  });

  it('says nothing of the cause of a 5xx', async () => {
    const res = await toErrorShape(
      json(500, { code: 'FAILED_TO_CREATE_USER', message: 'insert into users violates ...' }),
    );
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      detail: { status: 'internal_error', message: 'Something went wrong, please try again later.' },
    });
  });

  it('keeps a suspended account’s appeal link and leaves successes alone', async () => {
    const res = await toErrorShape(
      json(403, { code: 'ACCOUNT_SUSPENDED', message: 'Suspended.', appeal_url: 'https://a.test' }),
    );
    expect(await res.json()).toEqual({
      detail: { status: 'ACCOUNT_SUSPENDED', message: 'Suspended.', appeal_url: 'https://a.test' },
    });
    const ok = json(200, { ok: true });
    expect(await toErrorShape(ok)).toBe(ok);
    const redirect = new Response(null, { status: 302, headers: { location: '/app' } });
    expect(await toErrorShape(redirect)).toBe(redirect);
  });
});
