import { isSessionIdleExpired, SESSION_ACTIVITY_WRITE_INTERVAL_MS } from '@vocalis/domain/session-inactivity';
import type { AppDb } from '../db/client';
import { deleteSession } from './session-activity.repo';
import * as repo from './session-principal.repo';
import { storedSessionToken } from './session-token-hash';

/**
 * The rules a session must pass on every /v1 and /v2 request, by cookie, opaque bearer or session JWT
 * (decisions 018, 021, 033): it exists, has not expired, and has not idled past its workspace's
 * session_inactivity_timeout (an idle one is ended). Use is recorded as activity at most every 15 s per
 * session, and better-auth's daily extension of the expiry rides on the same write.
 */

/** better-auth's session lifetimes (seconds): `expiresIn`, and `updateAge` after which use extends it. */
export type SessionLifetimes = { expiresIn: number; updateAge: number };

// Sessions whose activity this process is writing now: concurrent requests of one session write once.
const writing = new Set<string>();

/** Admits a session found by a lookup, or null; writes activity (and a due extension) when needed. */
async function admit(
  db: AppDb,
  session: repo.SessionCaller | undefined,
  now: Date,
  extend: SessionLifetimes | null,
): Promise<repo.SessionCaller | null> {
  if (!session || session.expiresAt.getTime() <= now.getTime()) return null;
  if (isSessionIdleExpired(session.updatedAt, session.workspace?.inactivityTimeout, now)) {
    await deleteSession(db, session.id);
    return null;
  }
  const refresh =
    extend &&
    session.expiresAt.getTime() - extend.expiresIn * 1000 + extend.updateAge * 1000 <= now.getTime();
  const staleBefore = new Date(now.getTime() - SESSION_ACTIVITY_WRITE_INTERVAL_MS);
  if (session.updatedAt.getTime() <= staleBefore.getTime() && !writing.has(session.id)) {
    writing.add(session.id);
    try {
      await repo.touchSession(
        db,
        session.id,
        now,
        staleBefore,
        refresh ? new Date(now.getTime() + extend.expiresIn * 1000) : undefined,
      );
    } finally {
      writing.delete(session.id);
    }
  }
  return session;
}

/** The session of a better-auth session token (cookie or opaque bearer), or null. */
export async function sessionByToken(
  db: AppDb,
  token: string,
  extend: SessionLifetimes | null,
  now: Date = new Date(),
): Promise<repo.SessionCaller | null> {
  return admit(db, await repo.sessionCallerByStoredToken(db, storedSessionToken(token)), now, extend);
}

/**
 * The session a verified session JWT names, or null; it must belong to the token's user. `claimedMember`
 * says whether the user still belongs to the workspace the token claims.
 */
export async function sessionByClaims(
  db: AppDb,
  claims: { userId: string; sessionId: string; workspaceId: string | null },
  now: Date = new Date(),
): Promise<repo.SessionCaller | null> {
  const session = await repo.sessionCallerById(db, claims.sessionId, claims.workspaceId);
  if (session && session.userId !== claims.userId) return null;
  return admit(db, session, now, null);
}
