import type { FastifyServerOptions } from 'fastify';
import type { Runner } from 'graphile-worker';
import { buildApp, type BuiltApp } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrateJobs, startWorker } from './jobs/runner';
import { startPgBridge } from './live/pg-bridge';
import { startAdminSocket } from './admin/admin-socket';
import { NodePresence } from './nodes/node-presence';

export type RunningServer = BuiltApp & {
  database: Database;
  /** This process as a cluster node (decision 028). */
  node: NodePresence;
  url: string;
  stop(): Promise<void>;
  /** Where `stop()` is (for diagnosing a shutdown that hangs). */
  stopStep(): string;
};

/** Opens the database, applies migrations, starts the app (and worker, live bridge) and listens. */
export async function startServer(
  config: Config,
  opts: { logger?: FastifyServerOptions['logger']; database?: Database } = {},
): Promise<RunningServer> {
  const database =
    opts.database ??
    (await openDatabase(
      config.database.kind === 'pglite'
        ? { kind: 'pglite', dataDir: config.database.dataDir }
        : { kind: 'postgres', url: config.database.url },
    ));
  let built: BuiltApp | undefined;
  let worker: Runner | undefined;
  let bridge: Awaited<ReturnType<typeof startPgBridge>> | undefined;
  let adminSocket: Awaited<ReturnType<typeof startAdminSocket>> | undefined;
  // Alone on its PGlite data directory (pid-locked), this process knows every earlier one is dead.
  const node = new NodePresence(database, {
    kind: 'api',
    exclusive: config.database.kind === 'pglite' && !opts.database,
  });
  try {
    await database.migrate();
    built = await buildApp({ config, database, logger: opts.logger, node });
    const { app } = built;
    await migrateJobs(database, app.log);
    await node.start(app.log); // gives back what dead processes held: reservations, job locks
    if (config.worker.inProcess)
      worker = await startWorker(database, {
        config,
        bus: built.bus,
        log: app.log,
        node,
        files: built.files,
      });
    if (database.kind === 'postgres')
      bridge = await startPgBridge(built.bus, await database.connectionString(), app.log);
    if (config.database.kind === 'pglite' && !opts.database) {
      adminSocket = await startAdminSocket(config, database, built, app.log);
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await built?.app.close().catch(() => undefined);
    await worker?.stop().catch(() => undefined);
    await bridge?.stop();
    await adminSocket?.stop();
    await node.stop();
    if (!opts.database) await database.close().catch(() => undefined);
    throw err;
  }
  const address = built.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  built.lifecycle.state = 'ready';
  built.app.log.info({ port, database: database.kind, mail: config.mail.transport }, 'Vocalis is listening');

  let stopping: Promise<void> | undefined;
  let stopStep = 'running';
  const b = built;
  return {
    ...built,
    database,
    node,
    url: `http://127.0.0.1:${port}`,
    stop() {
      const step = async (name: string, run: () => Promise<unknown> | undefined) => {
        stopStep = name;
        await run();
      };
      stopping ??= (async () => {
        b.lifecycle.state = 'stopping';
        await step('closing HTTP (in-flight requests)', () => closeHttp(b, config.shutdownGraceMs));
        await step('admin socket', () => adminSocket?.stop());
        await step('job worker', () => worker?.stop());
        await step('live bridge', () => bridge?.stop());
        await step('node presence', () => node.stop());
        if (!opts.database) await step('database', () => database.close());
        stopStep = 'stopped';
      })();
      return stopping;
    },
    stopStep: () => stopStep,
  };
}

/**
 * Stops accepting and lets requests in flight finish, for at most `graceMs`: then every connection is
 * closed, so a client that never reads its response (a stalled stream keeps its request in flight) cannot
 * hold shutdown up.
 */
async function closeHttp(built: BuiltApp, graceMs: number): Promise<void> {
  const closed = built.app.close();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  if ((await Promise.race([closed, late])) === 'late') {
    built.app.log.warn(
      { graceMs },
      'requests still in flight after the shutdown grace period; closing their connections',
    );
    built.app.server.closeAllConnections();
  }
  clearTimeout(timer);
  await closed;
}
