import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from '../../auth/auth';

/** The caller's session (cookie or bearer), for rules that look at the session itself. */
export type CurrentSession = { id: string; createdAt: Date };
export type SessionLookup = (request: FastifyRequest) => Promise<CurrentSession | null>;

/** Reads the request's session through better-auth (the same lookup the auth hook made). */
export function sessionLookup(auth: Auth): SessionLookup {
  return async (request) => {
    const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    return found ? { id: found.session.id, createdAt: new Date(found.session.createdAt) } : null;
  };
}
