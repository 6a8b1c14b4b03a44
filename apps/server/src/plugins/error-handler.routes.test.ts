import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../testing/test-app';

describe(`error responses on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    app = await startTestApp();
    user = await createTestUser(app);
  });
  afterAll(() => app?.close());

  it('answers an internal failure with a generic 500 that leaks nothing, and logs it with the request id', async () => {
    // Break the table the endpoint reads, as a failed deploy or a lost disk would.
    await app.database.db.execute(sql`ALTER TABLE messages RENAME TO messages_gone`);
    try {
      const res = await app.request('/v1/messages', {
        headers: { 'xi-api-key': user.apiKey, 'x-request-id': 'req-500' },
      });
      expect(res.status).toBe(500);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        detail: { status: 'internal_error', message: 'Something went wrong, please try again later.' },
      });
      expect(text).not.toMatch(/messages|relation|select|stack/i);
      expect(res.headers.get('x-request-id')).toBe('req-500');
    } finally {
      await app.database.db.execute(sql`ALTER TABLE messages_gone RENAME TO messages`);
    }
    expect((await app.request('/v1/messages', { headers: { 'xi-api-key': user.apiKey } })).status).toBe(200);
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const res = await app.request('/v1/messages/read-all', {
      method: 'POST',
      headers: { 'xi-api-key': user.apiKey, 'content-type': 'application/json' },
      body: '{"oops":',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { detail: { status: string; message: string } };
    expect(body.detail.status).toBe('invalid_json');
    expect(typeof body.detail.message).toBe('string');
  });
});
