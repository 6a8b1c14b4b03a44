import type { FastifyRequest } from 'fastify';

// Headers a reverse proxy adds for the client it relays; any of them means the request is not local.
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-client-ip', 'true-client-ip'];

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Whether a request comes from this machine itself, not through a proxy. The address is the one Fastify
 * resolves (`request.ip`, which follows TRUST_PROXY), and a request that carries forwarding headers is
 * refused whatever that address says: a proxy on loopback relays remote clients, and with TRUST_PROXY the
 * left-most X-Forwarded-For entry is whatever the client wrote.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  return LOOPBACK.test(request.ip) && LOOPBACK.test(request.socket.remoteAddress ?? '');
}
