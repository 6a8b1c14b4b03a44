/**
 * Shutdown with a client that never reads its response: a stalled stream keeps its request in flight, and
 * closing used to wait for it for ever (a suite's teardown hung in CI). Requests get SHUTDOWN_GRACE_SECONDS
 * to finish; then their connections are closed.
 */
import http from 'node:http';
import { expect, it } from 'vitest';
import { createTestUser, startTestApp } from './testing/test-app';

const SUSAN = 'zjugDQR69KeBdVlIC4vX';

it(`stops within its grace period although a client stopped reading a stream, on ${process.env.TEST_DB}`, async () => {
  const app = await startTestApp({ env: { SHUTDOWN_GRACE_SECONDS: '1' } });
  let closed = false;
  try {
    const user = await createTestUser(app);
    const { res, socketClosed } = await new Promise<{
      res: http.IncomingMessage;
      socketClosed: Promise<void>;
    }>((resolve, reject) => {
      const req = http.request(`${app.url}/v1/text-to-speech/${SUSAN}/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'xi-api-key': user.apiKey },
      });
      req.on('response', (res) => {
        // Read the first chunk, then never again: the server's writes back up and its request stays open.
        res.once('data', () => {
          res.pause();
          resolve({
            res,
            socketClosed: new Promise<void>((done) => req.socket!.once('close', () => done())),
          });
        });
      });
      req.on('error', () => undefined);
      req.end(
        JSON.stringify({
          text: 'First sentence here. Second one follows. A third comes now. Then a fourth. And the fifth ends it. '.repeat(
            8,
          ),
        }),
      );
      setTimeout(() => reject(new Error('no first chunk')), 20_000).unref();
    });
    await app.close();
    closed = true;
    // The server closed the connection: what it had sent drains, then the socket is gone.
    res.on('error', () => undefined).resume();
    await socketClosed;
    expect(app.stopStep()).toBe('stopped');
  } finally {
    if (!closed) await app.close();
  }
});
