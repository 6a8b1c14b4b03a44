import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema/auth';
import { createApiKey } from '../features/api-keys/api-keys.service';
import { startServer, type RunningServer } from '../server';
import { createTestDatabase, type TestDatabase } from './test-database';
import { freePort } from './free-port';

export type TestApp = RunningServer & {
  config: Config;
  /** fetch against the running app, path relative to its URL. */
  request(pathname: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
};

export type TestUser = {
  id: string;
  email: string;
  password: string;
  cookie: string;
  apiKey: string;
  /** The personal workspace every user gets at sign-up (role admin). */
  workspaceId: string;
};

/**
 * Starts the real app in-process on a fresh database (PGlite or PostgreSQL, by the vitest project).
 * Pass `database` to run a second server process on the same database.
 */
export async function startTestApp(
  opts: { env?: Record<string, string>; database?: { database: Database; url?: string } } = {},
): Promise<TestApp> {
  const own: TestDatabase | undefined = opts.database ? undefined : await createTestDatabase();
  const db = opts.database ?? own!;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vocalis-test-'));
  const configFor = (port: number) =>
    loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      // Suites that check only an audio answer's status leave its body unread; closing the app then waits the
      // grace period for that request. One second instead of production's ten keeps teardown short.
      SHUTDOWN_GRACE_SECONDS: '1',
      ...(db.url ? { DATABASE_URL: db.url } : {}),
      ...opts.env,
    });
  // freePort's port can be taken (by another process's outgoing connection) before the app listens on it:
  // start again on another one (startServer undoes a failed start; the database is the suite's).
  let config: Config;
  let server: RunningServer;
  for (let attempt = 1; ; attempt++) {
    config = configFor(await freePort());
    try {
      server = await startServer(config, { database: db.database });
      break;
    } catch (err) {
      if (attempt >= 5 || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
  const port = config.port;
  return {
    ...server,
    config,
    request: (pathname, init) => fetch(new URL(pathname, server.url), init),
    async close() {
      // A suite's afterAll times out after 60 s and then says only that. If closing hangs, fail before that
      // with where it hangs (the server's stop step, or dropping the database) and what is still open.
      let step = 'server';
      const pool = (
        db.database.db as unknown as {
          $client?: { totalCount?: number; idleCount?: number; waitingCount?: number };
        }
      ).$client;
      const closing = (async () => {
        await server.stop();
        step = 'dropping the test database';
        await own?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      })();
      let timer: NodeJS.Timeout | undefined;
      const hung = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const where = step === 'server' ? `server stop: ${server.stopStep()}` : step;
          const clients =
            pool?.totalCount === undefined
              ? ''
              : `; pool ${pool.totalCount} clients, ${pool.idleCount} idle, ${pool.waitingCount} waiting`;
          reject(
            new Error(
              `test app on port ${port} still closing after 45 s at ${where}${clients}; open: ${summarise(process.getActiveResourcesInfo())}`,
            ),
          );
        }, 45_000).unref();
      });
      await Promise.race([closing, hung]).finally(() => clearTimeout(timer));
    },
  };
}

/** "TCPSocketWrap ×12, Timeout ×3" */
function summarise(resources: string[]): string {
  const counts = new Map<string, number>();
  for (const r of resources) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts].map(([r, n]) => `${r} ×${n}`).join(', ');
}

let counter = 0;

/** A verified user with a browser session cookie, an xi-api-key and their personal workspace. */
export async function createTestUser(
  app: TestApp,
  overrides: { email?: string; password?: string } = {},
): Promise<TestUser> {
  const email = overrides.email ?? `user${++counter}-${Date.now()}@example.com`;
  const password = overrides.password ?? 'correct-horse-9!';
  const { user } = await app.auth.api.signUpEmail({ body: { email, password, name: email.split('@')[0]! } });
  await app.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  const res = await app.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { key } = await createApiKey(app.database.db, user.id, 'test');
  // Sign-up gave the user a personal workspace (better-auth's user.create.after hook).
  const [workspaceId] = await app.users.workspaceIds(user.id);
  if (!workspaceId) throw new Error(`user ${email} has no workspace`);
  return { id: user.id, email, password, cookie, apiKey: key, workspaceId };
}
