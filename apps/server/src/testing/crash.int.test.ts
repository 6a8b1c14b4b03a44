/**
 * kill -9 loses nothing (decision 028): the real server runs as a child process (`tsx api.ts`, PGlite in a
 * temporary DATA_DIR or the suite's PostgreSQL database) and is killed with SIGKILL while generations
 * stream, a checkout is being paid and a password-reset mail is half-way through SMTP; then restarted.
 * After every crash: the quota equals the history, no concurrency slot is leaked, the mail arrives, and
 * the checkout either happened whole or can still be paid.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { freePort } from './free-port';
import { startNodeProcess, type NodeProcess } from './node-process';
import { createTestDatabase, type TestDatabase } from './test-database';
import { waitFor } from './wait-for';

const SUSAN = 'zjugDQR69KeBdVlIC4vX'; // Flite slt
const LONG =
  'First sentence here. Second one follows. A third comes now. Then a fourth. And the fifth ends it. ';
const ROUNDS = 3;
const PASSWORD = 'Crash-test-password-1';
const SRC = path.resolve(import.meta.dirname, '..');

type User = { email: string; apiKey: string };
type HistoryPage = { history: { character_count_change_from: number; character_count_change_to: number }[] };

/** An SMTP server that can hold a delivery half-way (the DATA sent, no answer yet). */
async function holdingSmtpSink() {
  const received: { to: string[]; raw: string }[] = [];
  let holding = false;
  let onHeld: (() => void) | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (holding) return onHeld?.(); // never answered: the sender is killed meanwhile
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  server.on('error', () => undefined); // the killed sender's connection resets
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`,
    received,
    /** From now on deliveries are held; resolves when one is. */
    hold() {
      holding = true;
      return new Promise<void>((resolve) => (onHeld = resolve));
    },
    accept() {
      holding = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(`kill -9 during generations, a checkout and mail delivery on ${process.env.TEST_DB}`, () => {
  let sink: Awaited<ReturnType<typeof holdingSmtpSink>>;
  let testDb: TestDatabase | undefined;
  let server: NodeProcess | undefined;
  let env: Record<string, string>;
  let base: string;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vocalis-crash-'));

  beforeAll(async () => {
    sink = await holdingSmtpSink();
    if (process.env.TEST_DB === 'postgres') testDb = await createTestDatabase();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: sink.url,
      ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}),
    };
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await sink?.close();
    await testDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => (server = await startNodeProcess('api.ts', env, 'Vocalis is listening'));
  /** `npm run admin -- …` as an operator runs it (through the server's socket while it holds PGlite). */
  function admin(...args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(SRC, 'admin.ts'), ...args], {
        env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('exit', (code) =>
        code === 0 ? resolve(out.trim().split('\n').at(-1)!) : reject(new Error(`admin ${args[0]}: ${err}`)),
      );
    });
  }
  async function newUser(name: string): Promise<User> {
    const email = `${name}-${Date.now()}@example.com`;
    await admin('create-user', '--email', email, '--password', PASSWORD, '--verified');
    return { email, apiKey: await admin('create-api-key', '--email', email) };
  }
  async function call<T = Record<string, unknown>>(user: User | null, route: string, body?: unknown) {
    const res = await fetch(base + route, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(user && { 'xi-api-key': user.apiKey }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  }
  /** Opens a speech stream; resolves with the status once headers arrive, then reads the rest. */
  function stream(user: User, text: string) {
    const req = http.request(`${base}/v1/text-to-speech/${SUSAN}/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'xi-api-key': user.apiKey },
    });
    const done = new Promise<number>((resolve) => {
      req.on('response', (res) => {
        resolve(res.statusCode!);
        res.resume();
        res.on('error', () => undefined);
      });
      req.on('error', () => resolve(0));
    });
    req.end(JSON.stringify({ text }));
    return done;
  }
  const pay = (url: string) =>
    fetch(base + new URL(url).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        name: 'Test Payer',
        number: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
      }),
      redirect: 'manual',
    });

  /** The speaker's spent characters, and what its history items kept (their debits), once it has `items`. */
  async function quotaAndHistory(user: User, items: number) {
    return waitFor(async () => {
      const history = await call<HistoryPage>(user, '/v1/history?page_size=1000');
      if (history.body.history.length !== items) return undefined;
      const me = await call<{ subscription: { character_count: number } }>(user, '/v1/user');
      const kept = history.body.history.reduce(
        (n, h) => n + h.character_count_change_to - h.character_count_change_from,
        0,
      );
      return { spent: me.body.subscription.character_count, kept };
    }, 60_000);
  }

  it('keeps quota = history, leaks no slot, delivers the mail and keeps the checkout whole across crashes', async () => {
    await start();
    // The operator creates the users at once (each admin command is a process of its own).
    const [speaker, buyers] = await Promise.all([
      newUser('speaker'),
      Promise.all(Array.from({ length: ROUNDS }, (_, i) => newUser(`buyer${i + 1}`))),
    ]);
    // Their sign-up mails first, so each mail held below is a reset.
    await waitFor(() => buyers.every((b) => sink.received.some((m) => m.to.includes(b.email))), 60_000);
    expect(await stream(speaker, 'Kept before any crash.')).toBe(200);
    const first = await quotaAndHistory(speaker, 1);
    expect(first.spent).toBe(first.kept);

    for (let round = 1; round <= ROUNDS; round++) {
      const buyer = buyers[round - 1]!;
      const resetMail = () =>
        sink.received.find((m) => m.to.includes(buyer.email) && m.raw.includes('Reset your password'));
      // A password reset is answered; its mail is half-way through SMTP when the process dies.
      const held = sink.hold();
      const reset = await call(null, '/api/auth/request-password-reset', {
        email: buyer.email,
        redirectTo: '/',
      });
      expect(reset.status).toBe(200);
      await held;
      // Both of the free workspace's slots stream long texts.
      const inFlight = [stream(speaker, LONG.repeat(30)), stream(speaker, LONG.repeat(25))];
      expect(await Promise.all(inFlight)).toEqual([200, 200]);
      // The buyer pays for Creator on the hosted page at the moment of the crash.
      const checkout = await call<{ url: string }>(buyer, '/v1/billing/create-checkout-session', {
        subscription_type: 'creator',
        billing_period: 'monthly_period',
        currency: 'usd',
      });
      expect(checkout.status).toBe(200);
      const paying = pay(checkout.body.url).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, round * 5));
      await server!.kill();
      await paying;
      sink.accept();

      await start();
      // No leaked slot: both slots are free at once after the restart.
      expect(
        await Promise.all([stream(speaker, `Round ${round}, one.`), stream(speaker, `Round ${round}, two.`)]),
      ).toEqual([200, 200]);
      // The answered reset request gets its mail (graphile-worker would keep the lock for 4 hours).
      await waitFor(resetMail, 60_000);
      // Quota = history: the crashed generations were refunded, the completed ones kept.
      const after = await quotaAndHistory(speaker, 1 + 2 * round);
      expect(after.spent).toBe(after.kept);
      // The checkout happened whole (plan and paid invoice) or not at all (the page can still be paid).
      let sub = await call<{ tier: string }>(buyer, '/v1/user/subscription');
      if (sub.body.tier !== 'creator') {
        expect(sub.body.tier).toBe('free');
        expect((await pay(checkout.body.url)).status).toBe(303);
        sub = await call<{ tier: string }>(buyer, '/v1/user/subscription');
      }
      expect(sub.body.tier).toBe('creator');
      const invoices = await call<{ invoices: { status: string }[] }>(buyer, '/v1/billing/invoices');
      expect(invoices.body.invoices.map((i) => i.status)).toEqual(['paid']);
    }

    // After a clean stop nothing is held: no reservation, no running generation, no node, no locked job.
    await server!.stop();
    server = undefined;
    const database: Database =
      testDb?.database ?? (await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') }));
    try {
      const rows = async (q: ReturnType<typeof sql>) =>
        (await database.db.execute(q)) as unknown as { rows: Record<string, unknown>[] };
      expect((await rows(sql`select * from generation_reservations`)).rows).toEqual([]);
      expect((await rows(sql`select * from workspace_usage where running_generations <> 0`)).rows).toEqual(
        [],
      );
      expect((await rows(sql`select id from server_nodes`)).rows).toEqual([]);
      expect(
        (
          await rows(
            sql`select id, task_identifier, locked_by, locked_at, attempts, last_error from graphile_worker.jobs where locked_by is not null`,
          )
        ).rows,
      ).toEqual([]);
    } finally {
      if (!testDb) await database.close();
    }
  }, 600_000);
});
