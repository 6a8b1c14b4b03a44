import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { users } from './db/schema/auth';
import { createApiKey } from './features/api-keys/api-keys.service';
import { freePort } from './testing/free-port';
import { startNodeProcess, type NodeProcess } from './testing/node-process';
import { startS3Server, type TestS3Server } from './testing/s3-server';
import { startSmtpSink } from './testing/smtp-sink';
import { createTestDatabase, type TestDatabase } from './testing/test-database';
import { waitFor } from './testing/wait-for';

const SUSAN = 'zjugDQR69KeBdVlIC4vX'; // Flite slt
const PASSWORD = 'correct-horse-9!';

/** Every object file s3rver keeps for the bucket (one per stored key). */
function objectsIn(s3: TestS3Server): string[] {
  const root = path.join(s3.directory, s3.bucket);
  return (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('._S3rver_object'));
}

/**
 * The scaled-out shape from the README, as real processes: two API nodes (no in-process worker) behind one
 * public URL, two `npm run worker` processes, one PostgreSQL database, files in an S3-compatible store,
 * mail over SMTP. Nothing is shared between the nodes but the database and the bucket.
 */
describe.runIf(process.env.TEST_DB === 'postgres')(
  'two API nodes and two workers on PostgreSQL and S3',
  () => {
    let database: TestDatabase;
    let s3: TestS3Server;
    let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
    const dataDirs: string[] = [];
    const processes: NodeProcess[] = [];
    let a: string;
    let b: string;
    let publicUrl: string;

    beforeAll(async () => {
      [database, s3, smtp] = await Promise.all([createTestDatabase(), startS3Server(), startSmtpSink()]);
      const [portA, portB] = [await freePort(), await freePort()];
      publicUrl = `http://127.0.0.1:${portA}`; // what a load balancer in front of both would be
      const env = (port?: number): Record<string, string> => {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vocalis-node-'));
        dataDirs.push(dataDir);
        return {
          NODE_ENV: 'test',
          DATA_DIR: dataDir, // each node's own disk: shared files must not land here
          DATABASE_URL: database.url!,
          STORAGE_URL: s3.storageUrl,
          MAIL_TRANSPORT: 'smtp',
          SMTP_URL: smtp.url,
          AUTH_SECRET: 'scaled-out-secret-scaled-out-secret-0123',
          PUBLIC_URL: publicUrl,
          WORKER_IN_PROCESS: 'false',
          WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
          HOST: '127.0.0.1',
          ...(port && { PORT: String(port) }),
        };
      };
      const started = await Promise.allSettled([
        startNodeProcess('api.ts', env(portA), 'Vocalis is listening'),
        startNodeProcess('api.ts', env(portB), 'Vocalis is listening'),
        startNodeProcess('worker.ts', env(), 'worker started'),
        startNodeProcess('worker.ts', env(), 'worker started'),
      ]);
      // Keep what did start, so afterAll stops it even when another one failed.
      for (const s of started) if (s.status === 'fulfilled') processes.push(s.value);
      const failed = started.find((s) => s.status === 'rejected');
      if (failed) throw failed.reason;
      a = `http://127.0.0.1:${portA}`;
      b = `http://127.0.0.1:${portB}`;
    }, 180_000);

    afterAll(async () => {
      const codes = await Promise.all(processes.map((p) => p.stop()));
      await Promise.all([s3?.stop(), smtp?.close(), database?.drop()]);
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      // Every process shut down cleanly on SIGTERM (graceful stop, no crash).
      expect(codes).toEqual(processes.map(() => 0));
    }, 60_000);

    const post = (base: string, pathname: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(base + pathname, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: publicUrl, ...headers },
        body: JSON.stringify(body),
      });

    /** Signs up through `base`, verifies the address, signs in through `signInAt`; cookie and an API key. */
    async function account(email: string, base: string, signInAt: string) {
      expect(
        (await post(base, '/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Node' })).status,
      ).toBe(200);
      const [user] = await database.database.db
        .update(users)
        .set({ emailVerified: true })
        .where(eq(users.email, email))
        .returning({ id: users.id });
      const signIn = await post(signInAt, '/api/auth/sign-in/email', { email, password: PASSWORD });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const { key } = await createApiKey(database.database.db, user!.id, 'scaled-out');
      return { id: user!.id, cookie, apiKey: key };
    }

    it('runs each queued job once: sign-ups on both nodes each send one verification mail', async () => {
      const stamp = Date.now();
      const emails = [0, 1, 2, 3, 4, 5].map((i) => `jobs${i}-${stamp}@example.com`);
      await Promise.all(
        emails.map(async (email, i) => {
          const res = await post(i % 2 ? b : a, '/api/auth/sign-up/email', {
            email,
            password: PASSWORD,
            name: 'J',
          });
          expect(res.status).toBe(200);
        }),
      );
      const to = (email: string) => smtp.received.filter((m) => m.to.includes(email));
      await waitFor(() => emails.every((e) => to(e).length > 0), 30_000);
      // Give a duplicate delivery (a second worker running the same job) time to show up.
      await new Promise((r) => setTimeout(r, 1500));
      expect(emails.map((e) => to(e).length)).toEqual(emails.map(() => 1));
      const workerLogs = processes.slice(2).flatMap((p) => p.logs);
      expect(workerLogs.filter((l) => l.level === 50 || l.level === 60)).toEqual([]);
    });

    it('serves a generation made on node A from node B: listed, played with ranges, deleted', async () => {
      const user = await account(`speech-${Date.now()}@example.com`, a, b);
      const made = await fetch(`${a}/v1/text-to-speech/${SUSAN}`, {
        method: 'POST',
        headers: { 'xi-api-key': user.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Made on one node, heard on the other.' }),
      });
      expect(made.status).toBe(200);
      const id = made.headers.get('history-item-id')!;
      const audio = new Uint8Array(await made.arrayBuffer());
      expect(audio.length).toBeGreaterThan(1000);

      // The audio went to the bucket, not to node A's disk.
      expect(objectsIn(s3).some((f) => f.includes(id))).toBe(true);
      expect(readdirSync(dataDirs[0]!, { recursive: true }).some((f) => String(f).includes(id))).toBe(false);

      const onB = { 'xi-api-key': user.apiKey };
      const list = await waitFor(async () => {
        const page = (await (await fetch(`${b}/v1/history`, { headers: onB })).json()) as {
          history: { history_item_id: string }[];
        };
        return page.history.some((h) => h.history_item_id === id) && page;
      });
      expect(list.history.map((h) => h.history_item_id)).toEqual([id]);

      const whole = await fetch(`${b}/v1/history/${id}/audio`, { headers: onB });
      expect(whole.status).toBe(200);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(new Uint8Array(await whole.arrayBuffer())).toEqual(audio);

      const first = await fetch(`${b}/v1/history/${id}/audio`, { headers: { ...onB, range: 'bytes=0-0' } });
      expect(first.status).toBe(206);
      expect(first.headers.get('content-range')).toBe(`bytes 0-0/${audio.length}`);
      expect(new Uint8Array(await first.arrayBuffer())).toEqual(audio.subarray(0, 1));

      const tail = await fetch(`${b}/v1/history/${id}/audio`, { headers: { ...onB, range: 'bytes=-100' } });
      expect(tail.status).toBe(206);
      expect(new Uint8Array(await tail.arrayBuffer())).toEqual(audio.subarray(audio.length - 100));

      const outside = await fetch(`${b}/v1/history/${id}/audio`, {
        headers: { ...onB, range: `bytes=${audio.length}-` },
      });
      expect(outside.status).toBe(416);
      expect(outside.headers.get('content-range')).toBe(`bytes */${audio.length}`);

      expect((await fetch(`${b}/v1/history/${id}`, { method: 'DELETE', headers: onB })).status).toBe(200);
      expect((await fetch(`${a}/v1/history/${id}/audio`, { headers: onB })).status).toBe(404);
      expect(objectsIn(s3).some((f) => f.includes(id))).toBe(false);
    });

    it('pushes a change made through node A to a browser connected to node B', async () => {
      const user = await account(`live-${Date.now()}@example.com`, b, a);
      const ws = new WebSocket(`${b.replace('http', 'ws')}/v1/live`, { headers: { cookie: user.cookie } });
      const received: { type: string; collection?: string; id?: string; data?: unknown }[] = [];
      ws.on('message', (d) => received.push(JSON.parse(d.toString()) as (typeof received)[number]));
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      ws.send(JSON.stringify({ type: 'subscribe', collection: 'user' }));
      await waitFor(() => received.some((m) => m.type === 'subscribed'));

      const changed = await post(
        a,
        '/v1/user/edit-user-metadata',
        { agrees_to_product_updates: true },
        { 'xi-api-key': user.apiKey },
      );
      expect(changed.status).toBe(200);
      const change = await waitFor(() => received.find((m) => m.type === 'change'));
      expect(change).toMatchObject({ collection: 'user', id: user.id });
      ws.close();
    });
  },
);
