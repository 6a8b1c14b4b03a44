import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedRequest = { path: string; headers: IncomingHttpHeaders; body: string };

/**
 * A webhook receiver on loopback for tests: records every request; answers with the statuses queued in
 * `answers` (first in, first out), then with `fallback`. `/token` answers an OAuth2 token request.
 */
export async function startWebhookReceiver() {
  const received: ReceivedRequest[] = [];
  const state = { answers: [] as number[], fallback: 200 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ path: req.url ?? '/', headers: req.headers, body });
      if (req.url === '/token') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ access_token: 'token-from-receiver', token_type: 'bearer', expires_in: 3600 }),
        );
        return;
      }
      const status = state.answers.shift() ?? state.fallback;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status < 300 ? 'thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    state,
    /** Requests to `path`. */
    at: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
