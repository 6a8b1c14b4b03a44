import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus, LiveEvent } from './event-bus';

const CHANNEL = 'vocalis_live';
// NOTIFY payloads are capped at 8000 bytes; larger documents travel as "refetch" (data: null).
const MAX_PAYLOAD = 7000;

/**
 * Carries the bus across server processes sharing one PostgreSQL: local events go out with NOTIFY,
 * other processes' events come in through a dedicated LISTEN connection (re-established if it drops).
 */
export async function startPgBridge(bus: EventBus, connectionString: string, log: FastifyBaseLogger) {
  const origin = randomUUID();
  const publisher = new pg.Pool({ connectionString, max: 2 });
  publisher.on('error', () => undefined);
  let listener: pg.Client | undefined;
  let stopped = false;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        const { o, e } = JSON.parse(msg.payload) as { o: string; e: LiveEvent };
        if (o !== origin) bus.deliverRemote(e);
      } catch (err) {
        log.warn({ err }, 'ignored a malformed live notification');
      }
    });
    client.on('error', (err) => {
      log.warn({ err }, 'live LISTEN connection lost; reconnecting');
      listener = undefined;
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };
  await connect();

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
      stopped = true;
      unsubscribe();
      await listener?.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}
