import { HOSTILE_REDIRECT_TARGETS } from '@vocalis/domain/redirect-target.corpus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { waitFor } from '../../testing/wait-for';

type Mail = { to: string; subject: string; links: string[] };

// Strings with control characters never reach the mail path (the input guard answers 422 for them).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const PRINTABLE = HOSTILE_REDIRECT_TARGETS.filter(([, target]) => !/[\u0000-\u001F]/.test(target));

describe(`the mailed link's continueUrl on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let n = 0;
  beforeAll(async () => {
    // Every request comes from loopback: the per-IP mail budget must cover the whole table.
    app = await startTestApp({ env: { MAIL_MAX_PER_IP: '1000' } });
  });
  afterAll(() => app?.close());

  /** A new unverified account (its sign-up verification mail is already queued). */
  const newAccount = async () => {
    const email = `continue${++n}-${Date.now()}@example.com`;
    await app.auth.api.signUpEmail({ body: { email, password: 'Str0ng-pass!', name: 'Ada' } });
    return email;
  };
  const post = (path: string, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify(body),
    });
  /** The continueUrl of the newest mail to `email` whose subject has `subject`, once there are `count`. */
  const continueUrlOf = async (email: string, subject: string, count: number) => {
    const mails = await waitFor(async () => {
      const res = await app.request('/dev/mailbox.json');
      const all = ((await res.json()) as { messages: Mail[] }).messages;
      const mine = all.filter((m) => m.to === email && m.subject.includes(subject));
      return mine.length >= count && mine;
    });
    const link = mails[0]!.links.find((l) => new URL(l).pathname === '/action')!;
    return new URL(link).searchParams.get('continueUrl');
  };

  it.each(PRINTABLE)(
    'mails the sign-in route, not another host, for a reset with continue_url %s',
    async (_name, target) => {
      const email = await newAccount();
      const res = await post('/v1/user/send-password-reset-email', { email, continue_url: target });
      expect(res.status).toBe(200);
      expect(await continueUrlOf(email, 'Reset', 1)).toBe(`${app.config.publicUrl}/sign-in`);
    },
  );

  it.each(PRINTABLE)(
    'mails the sign-in route, not another host, for a verification with continue_url %s',
    async (_name, target) => {
      const email = await newAccount();
      const res = await post('/v1/user/send-verification-email', { email, continue_url: target });
      expect(res.status).toBe(200);
      // The sign-up mail came first; the requested one is the second.
      expect(await continueUrlOf(email, 'Verify', 2)).toBe(`${app.config.publicUrl}/sign-in`);
    },
  );

  it.each([
    ['/app/home', '/app/home'],
    ['/usage?tab=1', '/usage?tab=1'],
    [undefined, '/sign-in'],
  ])('keeps an allowed continue_url %s as %s', async (target, path) => {
    const email = await newAccount();
    await post('/v1/user/send-password-reset-email', { email, continue_url: target });
    expect(await continueUrlOf(email, 'Reset', 1)).toBe(`${app.config.publicUrl}${path}`);
  });
});
