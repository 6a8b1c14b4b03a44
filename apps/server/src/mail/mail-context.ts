import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Who a mail is sent for: the client IP of the HTTP request that caused it, and the addresses that
 * request already reserved a mail for (decision 030). Carried in async context so that every path that
 * sends mail, however deep (better-auth's callbacks, services), is limited per IP without threading the
 * request through. Outside a request (admin CLI, jobs) there is none.
 */
export type MailContext = { ip: string | null; reserved: Set<string> };

const storage = new AsyncLocalStorage<MailContext>();

/** The current request's mail context, if the code runs inside an HTTP request. */
export const currentMailContext = (): MailContext | undefined => storage.getStore();

/** Runs `fn` as if for a request from `ip` (tests, and code that acts for a known client). */
export function runWithMailContext<T>(ip: string | null, fn: () => T): T {
  return storage.run({ ip, reserved: new Set() }, fn);
}

/**
 * Gives every request its mail context. A callback-style preHandler (after body parsing, whose stream
 * events would lose the context) that runs the rest of the request, route preHandlers included, inside it.
 */
export function registerMailContext(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => runWithMailContext(request.ip, done));
}
