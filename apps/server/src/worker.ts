import pino from 'pino';
import { loadConfigOrExit } from './config';
import { openDatabase } from './db/client';
import { migrateJobs, startWorker } from './jobs/runner';
import { EventBus } from './live/event-bus';
import { startPgBridge } from './live/pg-bridge';
import { NodePresence } from './nodes/node-presence';

// Entry point of `npm run worker`: background jobs only, for installs that run them apart from the API.
async function main() {
  const config = loadConfigOrExit();
  if (config.database.kind !== 'postgres') {
    console.error(
      'npm run worker needs DATABASE_URL: the embedded database belongs to the server process, which runs the jobs itself (WORKER_IN_PROCESS=true).',
    );
    process.exit(2);
  }
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({ kind: 'postgres', url: config.database.url });
  await database.migrate();
  await migrateJobs(database, log);
  // Jobs publish live events; the bridge carries them to the API processes' browsers.
  const bus = new EventBus();
  const bridge = await startPgBridge(bus, config.database.url, log);
  // A node like the API processes: its job locks are released if it dies, and it reclaims dead ones'.
  const node = new NodePresence(database, { kind: 'worker', exclusive: false });
  await node.start(log);
  const runner = await startWorker(database, { config, bus, log, node });
  log.info({ concurrency: config.worker.concurrency }, 'worker started');
  const stop = async (signal: string) => {
    log.info({ signal }, 'worker stopping: letting running jobs finish');
    await runner.stop();
    await bridge.stop();
    await node.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
