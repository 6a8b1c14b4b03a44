/**
 * A PostgreSQL LISTEN that stays up: its own connection, re-established a second after it drops and
 * retried every second for as long as the database refuses (a restart, a failover). `onState` tells the
 * caller when notifications can and cannot arrive, so caches that rely on them can stop serving meanwhile;
 * notifications sent while the connection was down are lost, and the caller must assume anything changed.
 */
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from './client';
import type { WatchedCache } from './watched-cache';

export type Listening = { stop(): Promise<void> };

export async function listenWithReconnect(opts: {
  connectionString: string;
  channel: string;
  onNotify(payload: string | undefined): void;
  onState?(up: boolean): void;
  log: FastifyBaseLogger;
  /** Wait before each new attempt (default 1 s). */
  retryMs?: number;
}): Promise<Listening> {
  const { connectionString, channel, onNotify, onState, log } = opts;
  const retryMs = opts.retryMs ?? 1000;
  let client: pg.Client | undefined;
  let stopped = false;
  let retrying = false;

  const retry = () => {
    client = undefined;
    onState?.(false);
    if (stopped || retrying) return;
    retrying = true;
    setTimeout(() => {
      retrying = false;
      if (!stopped) void connect().catch(retry);
    }, retryMs);
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (msg) => {
      if (msg.channel === channel) onNotify(msg.payload);
    });
    c.on('error', (err) => {
      if (!stopped) log.warn({ err, channel }, 'LISTEN connection lost; reconnecting');
      retry();
    });
    c.on('end', retry);
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      c.removeAllListeners('end');
      await c.end().catch(() => undefined);
      throw err;
    }
    if (stopped) return void (await c.end().catch(() => undefined));
    client = c;
    onState?.(true);
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      onState?.(false);
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * Keeps `cache` while notifications on `channel` can arrive, and empties it on each (decisions 041, 043).
 * PGlite delivers its own notifications in process; on PostgreSQL a dedicated connection LISTENs and
 * reconnects when it drops (the cache does not serve meanwhile).
 */
export async function watchCache(
  database: Database,
  channel: string,
  cache: WatchedCache<unknown>,
  log: FastifyBaseLogger,
): Promise<Listening> {
  if (database.pglite) {
    const unlisten = await database.pglite.listen(channel, () => cache.clear());
    cache.setWatching(true);
    return {
      async stop() {
        cache.setWatching(false);
        await unlisten().catch(() => undefined);
      },
    };
  }
  return listenWithReconnect({
    connectionString: await database.connectionString(),
    channel,
    onNotify: () => cache.clear(),
    onState: (up) => cache.setWatching(up),
    log,
  });
}
