import http from 'node:http';
import pino from 'pino';
import { adminSocketPath } from './admin/admin-socket';
import { runAdminCommand, type AdminResult } from './admin/commands';
import { createAuth } from './auth/auth';
import { PhoneFactorService } from './features/two-factor/phone-factor.service';
import { createSmsSender } from './sms/sms-sender';
import { AUTH_MESSAGES } from './auth/auth-hooks';
import { UserService } from './features/user/user.service';
import { SecretBox } from './lib/secret-box';
import { OidcClient } from './features/sso/oidc-client';
import { SsoSignInService } from './features/sso/sso-sign-in.service';
import { Mailer } from './mail/mailer';
import { loadConfigOrExit, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { MessagesService } from './features/messages/messages.service';
import { EventBus } from './live/event-bus';
import { startPgBridge } from './live/pg-bridge';

// Entry point of `npm run admin -- <command>`, for operators of a self-hosted install.
async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const config = loadConfigOrExit();
  const log = pino({ level: 'warn' });
  let database: Database;
  try {
    database =
      config.database.kind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: config.database.url, poolSize: 2 })
        : await openDatabase({ kind: 'pglite', dataDir: config.database.dataDir });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    return viaRunningServer(config, argv, err);
  }
  if (config.database.kind === 'pglite') {
    console.error(
      `(no server is running: working on the embedded database in ${config.database.dataDir} directly)`,
    );
  }
  // Commands also work on a database no server has started on yet (migrations are idempotent and locked).
  await database.migrate();
  const bus = new EventBus();
  // On PostgreSQL, running servers hear about what we change (e.g. notifications) through the bridge.
  const bridge =
    config.database.kind === 'postgres' ? await startPgBridge(bus, config.database.url, log) : undefined;
  try {
    const users = new UserService(database.db, config, bus, AUTH_MESSAGES);
    const result = await runAdminCommand(
      {
        config,
        database,
        auth: createAuth(database.db, config, {
          mailer: new Mailer(database.db, config, log),
          accounts: users,
          phoneFactor: new PhoneFactorService(database.db, createSmsSender(database.db, config)),
          sso: new SsoSignInService(database.db, {
            publicUrl: config.publicUrl,
            box: new SecretBox(config.authSecret),
            oidc: new OidcClient({ allowPrivate: config.ssoAllowPrivateIssuers }),
          }),
        }),
        messages: new MessagesService(database.db, bus),
        users,
        log,
      },
      argv,
    );
    return print(result);
  } finally {
    await bridge?.stop();
    await database.close();
  }
}

function viaRunningServer(config: Config, argv: string[], locked: DataDirLockedError): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request({ socketPath: adminSocketPath(config), method: 'POST', path: '/' }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve(print(JSON.parse(body) as AdminResult)));
    });
    req.on('error', () => {
      console.error(
        `${locked.message}\nIts admin socket (${adminSocketPath(config)}) did not answer either.`,
      );
      resolve(1);
    });
    req.end(JSON.stringify({ argv }));
  });
}

function print(result: AdminResult): number {
  for (const line of result.stderr) console.error(line);
  for (const line of result.stdout) console.log(line);
  return result.exitCode;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
