import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from './testing/wait-for';
import { freePort } from './testing/free-port';

const API = path.resolve(import.meta.dirname, 'api.ts');

describe.runIf(process.env.TEST_DB === 'pglite')('the server process (npm start)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vocalis-api-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finishes an in-flight request on SIGTERM, then exits 0 and releases the embedded database', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', API], {
      env: {
        PATH: process.env.PATH!,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        WEB_DIST_DIR: path.join(dataDir, 'none'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await waitFor(
      () =>
        fetch(`http://127.0.0.1:${port}/readyz`)
          .then((r) => r.ok)
          .catch(() => false),
      60_000,
      200,
    );
    expect(existsSync(path.join(dataDir, 'db', '.vocalis.lock'))).toBe(true);

    // A request whose body is still arriving when the signal comes.
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/sign-in/email',
          // 100-continue: the server's "go ahead" proves it is already handling the request.
          headers: {
            'content-type': 'application/json',
            'transfer-encoding': 'chunked',
            expect: '100-continue',
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      req.on('continue', () => {
        req.write('{"email":"nobody@example.com",');
        child.kill('SIGTERM');
        setTimeout(() => req.end('"password":"wrong-password-1"}'), 500);
      });
      req.flushHeaders();
    });
    const res = await response;
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ detail: { status: 'INVALID_EMAIL_OR_PASSWORD' } });
    expect(await exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'db', '.vocalis.lock'))).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 90_000);

  it('refuses to start on bad configuration, naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', API], {
      env: { PATH: process.env.PATH!, DATA_DIR: dataDir, MAIL_TRANSPORT: 'smtp' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(78);
    expect(stderr).toContain('SMTP_URL: required when MAIL_TRANSPORT=smtp');
  }, 60_000);
});
