import { chmodSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { BuiltApp } from '../app';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { runAdminCommand } from './commands';

/** Where a running server with the embedded database takes admin commands (owner-only Unix socket). */
export const adminSocketPath = (config: Config) => path.join(config.dataDir, 'admin.sock');

/**
 * The embedded database can be open in one process only, so while the server runs, `npm run admin`
 * sends its command here and the server runs it on its own connection (and live bus).
 */
export async function startAdminSocket(
  config: Config,
  database: Database,
  built: BuiltApp,
  log: FastifyBaseLogger,
) {
  const socketPath = adminSocketPath(config);
  rmSync(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      let argv: string[] = [];
      try {
        const parsed = JSON.parse(body) as { argv?: unknown };
        if (Array.isArray(parsed.argv) && parsed.argv.every((a) => typeof a === 'string')) argv = parsed.argv;
      } catch {
        // an empty argv answers with the usage text
      }
      const result = await runAdminCommand(
        { config, database, auth: built.auth, messages: built.messages, users: built.users, log },
        argv,
      );
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(result));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(socketPath, { force: true });
      }),
  };
}
