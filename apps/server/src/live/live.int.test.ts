import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import WebSocket from 'ws';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createTestUser, startTestApp, type TestApp, type TestUser } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';

type Received = { type: string; [k: string]: unknown };

async function connect(app: TestApp, headers: Record<string, string>) {
  const ws = new WebSocket(`${app.url.replace('http', 'ws')}/v1/live`, { headers });
  const received: Received[] = [];
  ws.on('message', (d) => received.push(JSON.parse(d.toString()) as Received));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, received, closed };
}

describe(`live updates on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    app = await startTestApp();
    alice = await createTestUser(app);
    bob = await createTestUser(app);
  });
  afterAll(() => app?.close());

  it('closes the socket of a caller without a session', async () => {
    const { received, closed } = await connect(app, {});
    expect(await closed).toBe(4401);
    expect(received).toEqual([{ type: 'error', message: 'Invalid or missing credentials.' }]);
  });

  it('pushes a new notification to its recipient only, once subscribed', async () => {
    const a = await connect(app, { cookie: alice.cookie });
    const b = await connect(app, { cookie: bob.cookie });
    a.ws.send(JSON.stringify({ type: 'subscribe', collection: 'message' }));
    b.ws.send(JSON.stringify({ type: 'subscribe', collection: 'message' }));
    await waitFor(
      () =>
        a.received.some((m) => m.type === 'subscribed') && b.received.some((m) => m.type === 'subscribed'),
    );
    expect(a.received[0]).toEqual({ type: 'ready', user_id: alice.id });

    const [sent] = await app.messages.notify([alice.id], { severity: 'success', title: 'Render finished' });
    const change = await waitFor(() => a.received.find((m) => m.type === 'change'));
    expect(change).toEqual({
      type: 'change',
      collection: 'message',
      op: 'insert',
      id: sent!.message_id,
      data: sent,
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(b.received.filter((m) => m.type === 'change')).toEqual([]);
    a.ws.close();
    b.ws.close();
  });

  it('rejects unknown collections and stops pushing after unsubscribe', async () => {
    const a = await connect(app, { 'xi-api-key': alice.apiKey });
    a.ws.send(JSON.stringify({ type: 'subscribe', collection: 'secrets' }));
    await waitFor(() => a.received.find((m) => m.type === 'error'));
    expect(a.received.find((m) => m.type === 'error')).toEqual({
      type: 'error',
      message: 'Unknown message or collection.',
    });
    a.ws.send(JSON.stringify({ type: 'subscribe', collection: 'message' }));
    a.ws.send(JSON.stringify({ type: 'unsubscribe', collection: 'message' }));
    await waitFor(() => a.received.some((m) => m.type === 'unsubscribed'));
    await app.messages.notify([alice.id], { severity: 'info', title: 'Not pushed' });
    await new Promise((r) => setTimeout(r, 200));
    expect(a.received.filter((m) => m.type === 'change')).toEqual([]);
    a.ws.close();
  });

  it('pushes read-state changes as updates', async () => {
    const a = await connect(app, { cookie: alice.cookie });
    a.ws.send(JSON.stringify({ type: 'subscribe', collection: 'message' }));
    await waitFor(() => a.received.some((m) => m.type === 'subscribed'));
    await app.request('/v1/messages/read-all', { method: 'POST', headers: { cookie: alice.cookie } });
    const update = await waitFor(() => a.received.find((m) => m.type === 'change' && m.op === 'update'));
    expect((update.data as { has_been_read: boolean }).has_been_read).toBe(true);
    a.ws.close();
  });
});

/** Opens /v1/live and reports the handshake's outcome: the HTTP refusal, or the first message once open. */
function handshake(app: TestApp, headers: Record<string, string>) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const ws = new WebSocket(`${app.url.replace('http', 'ws')}/v1/live`, { headers });
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    ws.once('message', (d) => {
      resolve({ status: 101, body: JSON.parse(d.toString()) as unknown });
      ws.close();
    });
    ws.once('error', (err) => {
      if (!/Unexpected server response/.test(err.message)) reject(err);
    });
  });
}

describe(`live socket origins on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    app = await startTestApp({ env: { CORS_ORIGINS: 'https://studio.example.com' } });
    alice = await createTestUser(app);
  });
  afterAll(() => app?.close());

  it.each([
    ['a foreign page', 'https://evil.example.com'],
    ['a look-alike host', 'https://studio.example.com.evil.example.com'],
    ['another scheme of an allowed origin', 'http://studio.example.com'],
    ['an opaque origin', 'null'],
  ])('refuses %s opening the socket with a session cookie, before the upgrade', async (_name, origin) => {
    const res = await handshake(app, { cookie: alice.cookie, origin });
    expect(res).toEqual({
      status: 403,
      body: {
        detail: { status: 'origin_not_allowed', message: 'This origin may not open the live connection.' },
      },
    });
  });

  it('answers a plain GET (no Upgrade) with 426 in the error shape', async () => {
    const res = await app.request('/v1/live', { headers: { 'xi-api-key': alice.apiKey } });
    expect(res.status).toBe(426);
    expect(await res.json()).toEqual({
      detail: {
        status: 'upgrade_required',
        message: 'GET /v1/live is a WebSocket: connect with Upgrade: websocket.',
      },
    });
  });

  it('refuses a foreign Origin even when an API key is sent', async () => {
    const res = await handshake(app, { 'xi-api-key': alice.apiKey, origin: 'https://evil.example.com' });
    expect(res.status).toBe(403);
  });

  it.each([
    ['the app itself (PUBLIC_URL)', () => ({ cookie: alice.cookie, origin: app.config.publicUrl })],
    ['a CORS_ORIGINS entry', () => ({ cookie: alice.cookie, origin: 'https://studio.example.com' })],
    ['an API-key client that sends no Origin', () => ({ 'xi-api-key': alice.apiKey })],
  ])('opens for %s', async (_name, headers) => {
    const res = await handshake(app, headers());
    expect(res).toEqual({ status: 101, body: { type: 'ready', user_id: alice.id } });
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')(
  'live updates across server processes on PostgreSQL',
  () => {
    let shared: TestDatabase;
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      shared = await createTestDatabase();
      first = await startTestApp({ database: shared });
      second = await startTestApp({ database: shared });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
      await shared?.drop();
    });

    it('delivers a notification created on one server to a browser connected to the other', async () => {
      const alice = await createTestUser(first);
      const onSecond = await connect(second, { cookie: alice.cookie });
      onSecond.ws.send(JSON.stringify({ type: 'subscribe', collection: 'message' }));
      await waitFor(() => onSecond.received.some((m) => m.type === 'subscribed'));
      const [sent] = await first.messages.notify([alice.id], {
        severity: 'info',
        title: 'From the first node',
      });
      const change = await waitFor(() => onSecond.received.find((m) => m.type === 'change'));
      expect(change).toEqual({
        type: 'change',
        collection: 'message',
        op: 'insert',
        id: sent!.message_id,
        data: sent,
      });
      onSecond.ws.close();
    });

    it('listens again once the database takes connections again, however long it refused them', async () => {
      const alice = await createTestUser(first);
      const onSecond = await connect(second, { cookie: alice.cookie });
      onSecond.ws.send(JSON.stringify({ type: 'subscribe', collection: 'message' }));
      await waitFor(() => onSecond.received.some((m) => m.type === 'subscribed'));
      const name = new URL(shared.url!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const listeners = async () =>
        Number(
          (
            await admin.query(
              `select count(*) from pg_stat_activity where datname = $1 and query = 'LISTEN vocalis_live'`,
              [name],
            )
          ).rows[0].count,
        );
      try {
        expect(await listeners()).toBe(2);
        // The database refuses new connections, and both nodes lose their LISTEN connection.
        await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query = 'LISTEN vocalis_live'`,
          [name],
        );
        await waitFor(async () => (await listeners()) === 0);
        // Several reconnect attempts fail meanwhile (one a second).
        await new Promise((r) => setTimeout(r, 3500));
        expect(await listeners()).toBe(0);
        await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
        await waitFor(async () => (await listeners()) === 2, 10_000);
      } finally {
        await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
        await admin.end();
      }
      const [sent] = await first.messages.notify([alice.id], { severity: 'info', title: 'After the outage' });
      const change = await waitFor(() =>
        onSecond.received.find((m) => m.type === 'change' && m.id === sent!.message_id),
      );
      expect(change).toMatchObject({ collection: 'message', op: 'insert' });
      onSecond.ws.close();
    });
  },
);
