import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/test-app';

// /dev/mailbox shows reset links and /dev/sms sign-in codes: a remote reader could take over accounts.
describe.each(['true', 'false'])(
  `dev outboxes with TRUST_PROXY=%s on ${process.env.TEST_DB}`,
  (trustProxy) => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ env: { TRUST_PROXY: trustProxy } });
    });
    afterAll(() => app?.close());

    const paths = ['/dev/mailbox', '/dev/mailbox.json', '/dev/sms', '/dev/sms.json'];

    it.each(paths)('serves %s to a request made on this machine', async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(200);
    });

    it.each(
      paths.flatMap((path) => [
        [path, { 'x-forwarded-for': '203.0.113.9' }],
        [path, { 'x-forwarded-for': '127.0.0.1' }],
        [path, { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' }],
        [path, { forwarded: 'for=203.0.113.9' }],
        [path, { 'x-real-ip': '203.0.113.9' }],
      ]),
    )('refuses %s relayed by a proxy on loopback (%j) with a 404', async (path, headers) => {
      const res = await app.request(path, { headers });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: { status: 'not_found', message: 'Not found.' } });
    });
  },
);
