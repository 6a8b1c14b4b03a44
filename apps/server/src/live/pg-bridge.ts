import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { listenWithReconnect } from '../db/listen';
import type { EventBus, LiveEvent } from './event-bus';

const CHANNEL = 'vocalis_live';
// NOTIFY payloads are capped at 8000 bytes; larger documents travel as "refetch" (data: null).
const MAX_PAYLOAD = 7000;

/**
 * Carries the bus across server processes sharing one PostgreSQL: local events go out with NOTIFY,
 * other processes' events come in through a dedicated LISTEN connection (db/listen.ts: re-established
 * if it drops, retried for as long as the database refuses).
 */
export async function startPgBridge(bus: EventBus, connectionString: string, log: FastifyBaseLogger) {
  const origin = randomUUID();
  const publisher = new pg.Pool({ connectionString, max: 2 });
  publisher.on('error', () => undefined);
  const listening = await listenWithReconnect({
    connectionString,
    channel: CHANNEL,
    onNotify(payload) {
      if (!payload) return;
      try {
        const { o, e } = JSON.parse(payload) as { o: string; e: LiveEvent };
        if (o !== origin) bus.deliverRemote(e);
      } catch (err) {
        log.warn({ err }, 'ignored a malformed live notification');
      }
    },
    log,
  });

  const unsubscribe = bus.subscribeLocal((event) => {
    let payload = JSON.stringify({ o: origin, e: event });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD)
      payload = JSON.stringify({ o: origin, e: { ...event, data: null } });
    publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]).catch((err) => {
      log.error({ err }, 'could not forward a live event to other processes');
    });
  });

  return {
    async stop() {
      unsubscribe();
      await listening.stop();
      await publisher.end().catch(() => undefined);
    },
  };
}
