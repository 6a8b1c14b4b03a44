import { loadConfigOrExit } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { startServer } from './server';

// Entry point of `npm start`: the API, the web app and (by default) the job worker in one process.
async function main() {
  const config = loadConfigOrExit();
  const server = await startServer(config);
  const shutdown = (signal: string) => {
    server.app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      server.app.log.error('shutdown took longer than 25 s; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    server.stop().then(
      () => process.exit(0),
      (err) => {
        server.app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  if (err instanceof DataDirLockedError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
