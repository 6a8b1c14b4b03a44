import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startServer, type RunningServer } from '../server';
import { startTestApp, type TestApp } from '../testing/test-app';
import { runAdminCommand } from './commands';

const run = promisify(execFile);
const ADMIN = path.resolve(import.meta.dirname, '../admin.ts');

/** Runs `npm run admin` as operators do (a separate process), returning its exit code and output. */
async function cli(env: Record<string, string>, ...argv: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', ADMIN, ...argv], {
      env: { PATH: process.env.PATH!, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
const lastLine = (s: string) => s.trim().split('\n').at(-1)!;

describe(`admin commands on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  const admin = (...argv: string[]) =>
    runAdminCommand(
      {
        config: app.config,
        database: app.database,
        auth: app.auth,
        messages: app.messages,
        users: app.users,
        log: app.app.log,
      },
      argv,
    );
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('creates a verified user and prints its id alone on the last line', async () => {
    const res = await admin(
      'create-user',
      '--email',
      'Op@Example.com',
      '--password',
      'long-enough-1',
      '--verified',
    );
    expect(res.exitCode).toBe(0);
    const id = res.stdout.at(-1)!;
    expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    const list = await admin('list-users');
    expect(list.stdout.join('\n')).toMatch(new RegExp(`${id}\\s+op@example.com\\s+yes`));
  });

  it('refuses a duplicate email, a bad email and a short password with a usage error', async () => {
    expect(
      await admin('create-user', '--email', 'op@example.com', '--password', 'long-enough-1'),
    ).toMatchObject({
      exitCode: 64,
      stderr: ['Error: A user with email op@example.com already exists'],
    });
    expect((await admin('create-user', '--email', 'nope', '--password', 'long-enough-1')).stderr).toEqual([
      'Error: --email is not a valid email address',
    ]);
    expect(
      await admin('create-user', '--email', 'x@example.com', '--password', 'longbutnodigits'),
    ).toMatchObject({
      exitCode: 64,
      stderr: [
        "Error: --password: Your password doesn't meet our security requirements: Your password must contain a number. Your password must contain a special character.",
      ],
    });
    expect((await admin('create-user', '--email', 'x@example.com', '--bogus')).exitCode).toBe(64);
  });

  it('creates an API key that authenticates against the API', async () => {
    const res = await admin('create-api-key', '--email', 'op@example.com', '--name', 'CI');
    expect(res.exitCode).toBe(0);
    const key = res.stdout.at(-1)!;
    expect(key).toMatch(/^sk_[0-9a-f]{48}$/);
    const api = await app.request('/v1/messages', { headers: { 'xi-api-key': key } });
    expect(api.status).toBe(200);
    const { apiKeys } = await import('../db/schema/api-keys');
    const { waitFor } = await import('../testing/wait-for');
    const [stored] = await waitFor(async () => {
      const rows = await app.database.db.select().from(apiKeys);
      const used = rows.filter((r) => r.name === 'CI' && r.lastUsedAt);
      return used.length ? used : undefined;
    });
    expect(stored!.keyHash).not.toContain(key.slice(3));
    expect(stored!.keyPreview).toBe(`sk_...${key.slice(-4)}`);
    expect(
      await admin('create-api-key', '--email', 'op@example.com', '--name', 'CI\u202Egnp.exe'),
    ).toMatchObject({
      exitCode: 64,
      stderr: [
        'Error: --name Names cannot contain invisible, control or text-direction characters (found U+202E).',
      ],
    });
  });

  it('sends a notification to a user', async () => {
    const res = await admin(
      'notify',
      '--email',
      'op@example.com',
      '--title',
      'Maintenance tonight',
      '--severity',
      'warning',
    );
    expect(res.exitCode).toBe(0);
    const key = (await admin('create-api-key', '--email', 'op@example.com')).stdout.at(-1)!;
    const body = (await (await app.request('/v1/messages', { headers: { 'xi-api-key': key } })).json()) as {
      messages: { message_id: string; title: string; severity: string }[];
    };
    expect(body.messages).toEqual([
      expect.objectContaining({
        message_id: res.stdout.at(-1),
        title: 'Maintenance tonight',
        severity: 'warning',
      }),
    ]);
    expect(
      (await admin('notify', '--email', 'op@example.com', '--title', 'x', '--severity', 'loud')).exitCode,
    ).toBe(64);
    expect((await admin('notify', '--title', 'x')).stderr).toEqual([
      'Error: Give exactly one of --email or --all',
    ]);
  });

  it('disables an account so it can no longer sign in, and restores it', async () => {
    await admin('create-user', '--email', 'blocked@example.com', '--password', 'long-enough-1', '--verified');
    const signIn = () =>
      app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
        body: JSON.stringify({ email: 'blocked@example.com', password: 'long-enough-1' }),
      });
    const res = await admin('set-account-state', '--email', 'blocked@example.com', '--state', 'disabled');
    expect(res).toMatchObject({ exitCode: 0, stdout: ['blocked@example.com is now disabled'] });
    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { detail: { message: string } }).detail.message).toBe(
      'Your account has been disabled by an administrator in your workspace.',
    );
    expect(
      (await admin('set-account-state', '--email', 'blocked@example.com', '--state', 'asleep')).exitCode,
    ).toBe(64);
    await admin('set-account-state', '--email', 'blocked@example.com', '--state', 'active');
    expect((await signIn()).status).toBe(200);
  });

  it("sets the workspace's session inactivity timeout, which the session then reports", async () => {
    await admin('create-user', '--email', 'idle@example.com', '--password', 'long-enough-1', '--verified');
    const res = await admin('set-session-timeout', '--email', 'idle@example.com', '--seconds', '900');
    expect(res.exitCode).toBe(0);
    expect(res.stdout.at(-1)).toMatch(/idle sessions end after 900 s$/);
    const signIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify({ email: 'idle@example.com', password: 'long-enough-1' }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const timeout = async () =>
      (
        (await (await app.request('/api/auth/get-session', { headers: { cookie } })).json()) as {
          session: { inactivityTimeout: number | null };
        }
      ).session.inactivityTimeout;
    expect(await timeout()).toBe(900);
    expect(
      (await admin('set-session-timeout', '--email', 'idle@example.com', '--seconds', '-5')).exitCode,
    ).toBe(64);
    await admin('set-session-timeout', '--email', 'idle@example.com', '--seconds', 'none');
    expect(await timeout()).toBeNull();
  });

  it('answers an unknown command with the usage text', async () => {
    const res = await admin('frobnicate');
    expect(res.exitCode).toBe(64);
    expect(res.stderr[0]).toBe('Unknown command: frobnicate');
    expect(res.stderr.join('\n')).toContain('create-api-key --email E');
  });
});

describe.runIf(process.env.TEST_DB === 'pglite')('admin CLI with the embedded database', () => {
  let dataDir: string;
  let server: RunningServer | undefined;
  const env = () => ({ DATA_DIR: dataDir });
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vocalis-admin-'));
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('works on the database directly while no server runs, and says so', async () => {
    const res = await cli(
      env(),
      'create-user',
      '--email',
      'first@example.com',
      '--password',
      'long-enough-1',
    );
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('no server is running');
    expect(lastLine(res.stdout)).toMatch(/^[A-Za-z0-9]{20}$/);
  }, 60_000);

  it('goes through the running server, which holds the database', async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'none'),
    });
    server = await startServer(config);
    const res = await cli(env(), 'create-api-key', '--email', 'first@example.com');
    expect(res.code).toBe(0);
    const key = lastLine(res.stdout);
    expect(key).toMatch(/^sk_[0-9a-f]{48}$/);
    const api = await fetch(`${server.url}/v1/messages`, { headers: { 'xi-api-key': key } });
    expect(api.status).toBe(200);
    const bad = await cli(env(), 'create-api-key', '--email', 'missing@example.com');
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain('No user with email missing@example.com');
  }, 60_000);

  it('exits non-zero naming the variable when the configuration is bad', async () => {
    const res = await cli({ ...env(), PORT: 'eighty' }, 'list-users');
    expect(res.code).toBe(78);
    expect(res.stderr).toContain('PORT');
  }, 60_000);
});

describe.runIf(process.env.TEST_DB === 'postgres')('admin CLI as a second process on PostgreSQL', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('creates a user, and its notification reaches the browser connected to the running server', async () => {
    const env = { DATABASE_URL: app.config.database.kind === 'postgres' ? app.config.database.url : '' };
    const created = await cli(
      env,
      'create-user',
      '--email',
      'pg-op@example.com',
      '--password',
      'long-enough-1',
      '--verified',
    );
    expect(created.code).toBe(0);
    const userId = lastLine(created.stdout);
    const signIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.config.publicUrl },
      body: JSON.stringify({ email: 'pg-op@example.com', password: 'long-enough-1' }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { default: WebSocket } = await import('ws');
    const ws = new WebSocket(`${app.url.replace('http', 'ws')}/v1/live`, { headers: { cookie } });
    const received: { type: string; data?: { title?: string } }[] = [];
    ws.on('message', (d) => received.push(JSON.parse(d.toString())));
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'subscribe', collection: 'message' }));
    const { waitFor } = await import('../testing/wait-for');
    await waitFor(
      () => received.some((m) => m.type === 'ready') && received.some((m) => m.type === 'subscribed'),
    );
    expect(received[0]).toEqual({ type: 'ready', user_id: userId });
    const sent = await cli(env, 'notify', '--email', 'pg-op@example.com', '--title', 'From the CLI process');
    expect(sent.code).toBe(0);
    const change = await waitFor(() => received.find((m) => m.type === 'change'));
    expect(change.data?.title).toBe('From the CLI process');
    ws.close();
  }, 60_000);
});
