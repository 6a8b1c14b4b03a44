import type { FastifyInstance } from 'fastify';
import { liveClientMessage, type LiveCollection, type LiveServerMessage } from '@vocalis/contracts/live';
import type { Principal } from '../plugins/auth';
import { keyPermissionError } from '../plugins/permissions';
import type { EventBus, LiveEvent } from './event-bus';

export type LiveAccess = {
  /** Resolves the caller of a WebSocket handshake (cookie, bearer or xi-api-key). */
  authenticate(headers: Record<string, string | string[] | undefined>): Promise<Principal | null>;
  /** Workspaces whose documents the user may read. */
  workspaceIds(userId: string): Promise<string[]>;
  /** Web origins whose pages may open the socket: PUBLIC_URL's and CORS_ORIGINS. */
  allowedOrigins: readonly string[];
};

const originOf = (value: string): string | null => {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
};

const HEARTBEAT_MS = 30_000;

/** May this reader see this change? Only documents addressed to them or to one of their workspaces. */
export function canRead(event: LiveEvent, userId: string, workspaceIds: readonly string[]): boolean {
  if (event.audience.userIds?.includes(userId)) return true;
  return event.audience.workspaceIds?.some((id) => workspaceIds.includes(id)) ?? false;
}

/** GET /v1/live: a WebSocket over which a signed-in browser subscribes to live collections. */
export function registerLiveRoutes(app: FastifyInstance, bus: EventBus, access: LiveAccess): void {
  const allowed = new Set(access.allowedOrigins.map(originOf).filter((o) => o !== null));
  app.route({
    method: 'GET',
    url: '/v1/live',
    config: { public: true },
    schema: { hide: true },
    // Browsers send cookies with a cross-site WebSocket handshake and CORS does not apply to it, so a
    // foreign page could read a signed-in user's live changes: refuse its Origin before the upgrade.
    // Clients that send no Origin (server-side, API keys) are not browsers acting for someone else.
    async preValidation(request, reply) {
      const origin = request.headers.origin;
      if (origin === undefined) return;
      const normalised = originOf(origin);
      if (normalised && allowed.has(normalised)) return;
      const message = 'This origin may not open the live connection.';
      return reply.code(403).send({ detail: { status: 'origin_not_allowed', message } });
    },
    // A plain GET (no Upgrade header) is told what the route is, in the error shape.
    handler: async (_request, reply) =>
      reply
        .code(426)
        .header('upgrade', 'websocket')
        .send({
          detail: {
            status: 'upgrade_required',
            message: 'GET /v1/live is a WebSocket: connect with Upgrade: websocket.',
          },
        }),
    wsHandler: async (socket, request) => {
      const send = (msg: LiveServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
      };
      // Buffer what the browser sends while we authenticate, so an early subscribe is not lost.
      const early: string[] = [];
      const onEarly = (data: Buffer) => early.push(data.toString());
      socket.on('message', onEarly);

      const principal = await access.authenticate(request.headers).catch(() => null);
      if (!principal) {
        send({ type: 'error', message: 'Invalid or missing credentials.' });
        socket.close(4401, 'unauthorized');
        return;
      }
      // The /v1 hooks skip this route, so its API-key permission entry is checked here.
      const refused = keyPermissionError(principal, 'GET', '/v1/live');
      if (refused) {
        send({ type: 'error', message: refused.message });
        socket.close(4401, refused.code);
        return;
      }
      const userId = principal.userId;
      const workspaces = await access.workspaceIds(userId);
      const subscribed = new Set<LiveCollection>();

      const unsubscribe = bus.subscribe((event) => {
        if (!subscribed.has(event.collection) || !canRead(event, userId, workspaces)) return;
        send({ type: 'change', collection: event.collection, op: event.op, id: event.id, data: event.data });
      });

      const handle = (raw: string) => {
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          return send({ type: 'error', message: 'Messages must be JSON.' });
        }
        const parsed = liveClientMessage.safeParse(json);
        if (!parsed.success) return send({ type: 'error', message: 'Unknown message or collection.' });
        const { type, collection } = parsed.data;
        if (type === 'subscribe') subscribed.add(collection);
        else subscribed.delete(collection);
        send({ type: type === 'subscribe' ? 'subscribed' : 'unsubscribed', collection });
      };

      let alive = true;
      socket.on('pong', () => (alive = true));
      const heartbeat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, HEARTBEAT_MS);

      socket.off('message', onEarly);
      socket.on('message', (data: Buffer) => handle(data.toString()));
      socket.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
      send({ type: 'ready', user_id: userId });
      for (const raw of early) handle(raw);
    },
  });
}
