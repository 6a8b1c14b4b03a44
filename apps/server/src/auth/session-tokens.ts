import { APIError } from 'better-auth/api';
import type { JwtOptions } from 'better-auth/plugins/jwt';
import { decodeProtectedHeader, importJWK, jwtVerify, type CryptoKey, type JWTPayload } from 'jose';
import { isSessionIdleExpired } from '@vocalis/domain/session-inactivity';
import type { AppDb } from '../db/client';
import { deleteSession, inactivityTimeoutOf } from './session-activity.repo';
import { sessionByClaims } from './session-principal';
import type { CallerWorkspace } from './session-principal.repo';
import * as repo from './session-tokens.repo';

/**
 * The web app's short-lived session bearer tokens (accounts.md §4 and §7, decision 021): better-auth's jwt
 * plugin signs them at GET /api/auth/token with an Ed25519 key kept in `jwks` (private half encrypted under
 * AUTH_SECRET); the /v1 and /v2 hook verifies them here, locally, and then checks the session they name.
 */

/** A token lives 15 minutes; the browser fetches a fresh one every 5 (SESSION_REFRESH_MS). */
export const SESSION_TOKEN_LIFETIME_S = 15 * 60;
const ALG = 'EdDSA';

/** The claims a session token carries: the user (sub), the session (sid) and the workspace. */
export type SessionClaims = { userId: string; sessionId: string; workspaceId: string | null };

/** The claims of a verified payload, or null when one the hook needs is missing or malformed. */
export function readSessionClaims(payload: JWTPayload): SessionClaims | null {
  const { sub, sid, workspace_id: workspaceId } = payload;
  if (typeof sub !== 'string' || !sub || typeof sid !== 'string' || !sid) return null;
  if (workspaceId !== undefined && workspaceId !== null && typeof workspaceId !== 'string') return null;
  return { userId: sub, sessionId: sid, workspaceId: workspaceId || null };
}

/** True when the Authorization header carries a JWT (three dot-separated parts), not a session or API key. */
export function bearerJwtOf(authorization: string | undefined): string | null {
  return /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/i.exec(authorization ?? '')?.[1] ?? null;
}

/** Options of better-auth's jwt plugin; issuer and audience are the public URL. */
export function sessionTokenOptions(db: AppDb, publicUrl: string): JwtOptions {
  return {
    jwks: { keyPairConfig: { alg: ALG, crv: 'Ed25519' } },
    jwt: {
      issuer: publicUrl,
      audience: publicUrl,
      expirationTime: `${SESSION_TOKEN_LIFETIME_S}s`,
      // Only a verified address gets a token (accounts.md §4: "once the email is verified"); a session
      // idle past its workspace's timeout is ended instead of being extended by a fresh token.
      definePayload: async ({ user, session }) => {
        if (!user.emailVerified) {
          throw new APIError('FORBIDDEN', { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' });
        }
        const timeout = await inactivityTimeoutOf(db, user.id);
        if (isSessionIdleExpired(new Date(session.updatedAt), timeout, new Date())) {
          await deleteSession(db, session.id);
          throw new APIError('UNAUTHORIZED', {
            code: 'UNAUTHORIZED',
            message: 'Invalid or missing credentials.',
          });
        }
        return { sid: session.id, workspace_id: await repo.currentWorkspaceIdOf(db, user.id) };
      },
    },
    // Tokens are handed out by GET /api/auth/token only, never on every get-session.
    disableSettingJwtHeader: true,
    // Our table is `jwks` (better-auth's usePlural turns the model name "jwk" into it).
    schema: { jwks: { modelName: 'jwk' } },
  };
}

// Public keys by key id; a key id never changes its key, so they are kept for the process's life.
const publicKeys = new Map<string, { key: CryptoKey | Uint8Array; alg: string }>();

async function publicKeyOf(db: AppDb, kid: string) {
  const cached = publicKeys.get(kid);
  if (cached) return cached;
  const row = await repo.findPublicKey(db, kid);
  if (!row) return null;
  const alg = row.alg ?? ALG;
  const found = {
    key: await importJWK(JSON.parse(row.publicKey) as Parameters<typeof importJWK>[0], alg),
    alg,
  };
  publicKeys.set(kid, found);
  return found;
}

/** The signature, issuer, audience and expiry check; the claims, or null for any bad token. */
export async function verifySessionToken(
  db: AppDb,
  publicUrl: string,
  token: string,
  now: Date = new Date(),
): Promise<SessionClaims | null> {
  try {
    const { kid } = decodeProtectedHeader(token);
    if (!kid) return null;
    const key = await publicKeyOf(db, kid);
    if (!key) return null;
    const { payload } = await jwtVerify(token, key.key, {
      issuer: publicUrl,
      audience: publicUrl,
      algorithms: [key.alg],
      requiredClaims: ['exp', 'sub', 'sid'],
      currentDate: now,
    });
    return readSessionClaims(payload);
  } catch {
    return null;
  }
}

/**
 * The caller of a session bearer token: a valid token whose session still exists, has not expired and has
 * not idled past its workspace's timeout (sign-out or revocation stops the token at once), read in one
 * statement with the user's current workspace. The workspace id is the token's while the user is still a
 * member of it, else left to the user's data.
 */
export async function authenticateSessionToken(
  db: AppDb,
  publicUrl: string,
  token: string,
  now: Date = new Date(),
): Promise<{
  userId: string;
  sessionId: string;
  workspaceId: string | null;
  workspace: CallerWorkspace | null;
} | null> {
  const claims = await verifySessionToken(db, publicUrl, token, now);
  if (!claims) return null;
  const session = await sessionByClaims(db, claims, now);
  if (!session) return null;
  const workspaceId = claims.workspaceId && session.claimedMember ? claims.workspaceId : null;
  return { userId: claims.userId, sessionId: session.id, workspaceId, workspace: session.workspace };
}
