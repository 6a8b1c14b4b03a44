import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../testing/test-app';

describe(`sign-in redirects on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    app = await startTestApp();
    user = await createTestUser(app);
  });
  afterAll(() => app?.close());

  const signIn = (callbackURL: string) =>
    app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify({ email: user.email, password: user.password, callbackURL }),
    });

  it.each([
    ['https://evil.example.com/app/home', '/'],
    ['//evil.example.com', '/'],
    ['/app/no-such-page', '/'],
    ['/app/home', '/app/home'],
    ['/v1/dubs/abc123', '/v1/dubs/abc123'],
  ])('sends a sign-in with callbackURL %s to %s', async (target, expected) => {
    const res = await signIn(target);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url?: string; redirect?: boolean };
    expect(new URL(body.url!, app.config.publicUrl).pathname).toBe(expected);
  });
});
