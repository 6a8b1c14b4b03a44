import { and, desc, eq, exists, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppDb } from '../db/client';
import { apiKeys } from '../db/schema/api-keys';
import { sessions } from '../db/schema/auth';
import { userProfiles } from '../db/schema/user-profiles';
import { workspaceMembers, workspaces } from '../db/schema/workspaces';

/**
 * The caller's credentials and everything every authenticated request needs about them, in one statement
 * each (decision 033): who they are and the workspace they work in now (the profile's current one, else
 * the first they joined; never one where an admin locked them, decision 111), with its tier, their role
 * and the workspace's session_inactivity_timeout.
 */

/** The user's current workspace, as a lateral subquery over the outer query's user and profile. */
function currentWorkspaceOf(db: AppDb, userId: AnyPgColumn) {
  return db
    .select({
      id: sql<string>`${workspaces.id}`.as('cw_id'),
      tier: sql<string>`${workspaces.subscriptionTier}`.as('cw_tier'),
      ownerId: sql<string | null>`${workspaces.ownerId}`.as('cw_owner_id'),
      role: sql<string>`${workspaceMembers.role}`.as('cw_role'),
      inactivityTimeout: sql<number | null>`${workspaces.sessionInactivityTimeout}`.as('cw_timeout'),
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.isLocked, false)))
    .orderBy(
      desc(sql`${workspaceMembers.workspaceId} = ${userProfiles.workspaceId}`),
      workspaceMembers.createdAt,
    )
    .limit(1)
    .as('cw');
}

/** The caller's current workspace as every service reads it; null for a user without one. */
export type CallerWorkspace = {
  id: string;
  tier: string;
  ownerId: string | null;
  role: string;
  /** session_inactivity_timeout in seconds, or null. */
  inactivityTimeout: number | null;
};

function workspaceOrNull(cw: {
  id: string | null;
  tier: string | null;
  ownerId: string | null;
  role: string | null;
  inactivityTimeout: number | null;
}): CallerWorkspace | null {
  if (!cw.id) return null;
  return {
    id: cw.id,
    tier: cw.tier!,
    ownerId: cw.ownerId,
    role: cw.role!,
    inactivityTimeout: cw.inactivityTimeout === null ? null : Number(cw.inactivityTimeout),
  };
}

const cwColumns = (cw: ReturnType<typeof currentWorkspaceOf>) => ({
  id: cw.id,
  tier: cw.tier,
  ownerId: cw.ownerId,
  role: cw.role,
  inactivityTimeout: cw.inactivityTimeout,
});

export type ApiKeyCaller = {
  keyId: string;
  userId: string;
  permissions: string[] | null;
  disabled: boolean;
  lastUsedAt: Date | null;
  /** The owner's account state (null when the profile is missing). */
  ownerState: string | null;
  workspace: CallerWorkspace | null;
};

function apiKeyQuery(db: AppDb) {
  const cw = currentWorkspaceOf(db, apiKeys.userId);
  return db
    .select({
      keyId: apiKeys.id,
      userId: apiKeys.userId,
      permissions: apiKeys.permissions,
      disabled: apiKeys.disabled,
      lastUsedAt: apiKeys.lastUsedAt,
      ownerState: userProfiles.accountState,
      cw: cwColumns(cw),
    })
    .from(apiKeys)
    .leftJoin(userProfiles, eq(userProfiles.userId, apiKeys.userId))
    .leftJoinLateral(cw, sql`true`)
    .where(eq(apiKeys.keyHash, sql.placeholder('keyHash')))
    .limit(1)
    .prepare('principal_by_api_key');
}

function sessionQuery(db: AppDb, by: 'token' | 'id') {
  const cw = currentWorkspaceOf(db, sessions.userId);
  // A null claimed workspace matches no membership: false.
  const claimed = exists(
    db
      .select({ one: sql`1` })
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.userId, sessions.userId),
          eq(workspaceMembers.workspaceId, sql.placeholder('claimedWorkspaceId')),
          eq(workspaceMembers.isLocked, false),
        ),
      ),
  );
  return db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      updatedAt: sessions.updatedAt,
      claimedMember: sql<boolean>`${claimed}`,
      cw: cwColumns(cw),
    })
    .from(sessions)
    .leftJoin(userProfiles, eq(userProfiles.userId, sessions.userId))
    .leftJoinLateral(cw, sql`true`)
    .where(
      by === 'token' ? eq(sessions.token, sql.placeholder('key')) : eq(sessions.id, sql.placeholder('key')),
    )
    .limit(1)
    .prepare(`principal_by_session_${by}`);
}

// Built once per database handle: the SQL text is made once, and PostgreSQL plans each statement once per
// connection (planning these joins costs more than running them).
const prepared = new WeakMap<
  AppDb,
  {
    apiKey: ReturnType<typeof apiKeyQuery>;
    byToken: ReturnType<typeof sessionQuery>;
    byId: ReturnType<typeof sessionQuery>;
  }
>();

function queriesOf(db: AppDb) {
  let q = prepared.get(db);
  if (!q) {
    q = { apiKey: apiKeyQuery(db), byToken: sessionQuery(db, 'token'), byId: sessionQuery(db, 'id') };
    prepared.set(db, q);
  }
  return q;
}

/** An xi-api-key by its hash, with its owner's account state and current workspace. */
export async function apiKeyCallerByHash(db: AppDb, keyHash: string): Promise<ApiKeyCaller | undefined> {
  const [row] = await queriesOf(db).apiKey.execute({ keyHash });
  if (!row) return undefined;
  const { cw: w, ...key } = row;
  return { ...key, workspace: workspaceOrNull(w) };
}

export type SessionCaller = {
  id: string;
  userId: string;
  expiresAt: Date;
  /** Last activity (decision 018). */
  updatedAt: Date;
  workspace: CallerWorkspace | null;
  /** Only for a lookup with a claimed workspace: whether the user is still a member of it. */
  claimedMember?: boolean;
};

async function sessionCaller(
  query: ReturnType<typeof sessionQuery>,
  key: string,
  claimedWorkspaceId?: string | null,
): Promise<SessionCaller | undefined> {
  const [row] = await query.execute({ key, claimedWorkspaceId: claimedWorkspaceId ?? null });
  if (!row) return undefined;
  const { cw: w, claimedMember, ...session } = row;
  return {
    ...session,
    workspace: workspaceOrNull(w),
    ...(claimedWorkspaceId && { claimedMember: Boolean(claimedMember) }),
  };
}

/** A session by the stored form of its token (see session-token-hash.ts). */
export function sessionCallerByStoredToken(
  db: AppDb,
  storedToken: string,
): Promise<SessionCaller | undefined> {
  return sessionCaller(queriesOf(db).byToken, storedToken);
}

/** A session by id (a session bearer token's `sid`), checking membership of the token's claimed workspace. */
export function sessionCallerById(
  db: AppDb,
  sessionId: string,
  claimedWorkspaceId: string | null,
): Promise<SessionCaller | undefined> {
  return sessionCaller(queriesOf(db).byId, sessionId, claimedWorkspaceId);
}

/**
 * Records activity on a session, and moves its expiry when `expiresAt` is given (better-auth's daily
 * refresh). Only when the stored activity is not newer than `staleBefore`, so concurrent requests of one
 * session write (and lock the row) once.
 */
export async function touchSession(
  db: AppDb,
  sessionId: string,
  at: Date,
  staleBefore: Date,
  expiresAt?: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ updatedAt: at, ...(expiresAt && { expiresAt }) })
    .where(and(eq(sessions.id, sessionId), lte(sessions.updatedAt, staleBefore)));
}
