import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The response headers helmet sets for these options, worked out once. They depend only on the options
 * (no directive here is a function of the request), so running helmet's middleware on every request, as
 * @fastify/helmet does (it rebuilds the middleware and re-parses the CSP each time), only repeats this.
 */
export function securityHeaderSet(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * Helmet's security headers (CSP, HSTS, frame and referrer policies …) on every response the app makes,
 * computed once at start (decision 050). A route may still replace one (`reply.header(...)`), as the
 * sign-in pages do with cross-origin-opener-policy.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaderSet(options);
  const names = Object.keys(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const name of names) reply.header(name, headers[name]);
    done();
  });
}
