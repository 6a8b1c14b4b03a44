import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { sessions } from '../db/schema/auth';
import { jwks } from '../db/schema/jwks';
import { userProfiles } from '../db/schema/user-profiles';
import { workspaceMembers } from '../db/schema/workspaces';

/** The user's current workspace (the profile's, else the first they joined), or null without one. */
export async function currentWorkspaceIdOf(db: AppDb, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .leftJoin(userProfiles, eq(userProfiles.userId, workspaceMembers.userId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(
      desc(sql`${workspaceMembers.workspaceId} = ${userProfiles.workspaceId}`),
      workspaceMembers.createdAt,
    )
    .limit(1);
  return row?.id ?? null;
}

/** True while the user is a member of the workspace. */
export async function isWorkspaceMember(db: AppDb, userId: string, workspaceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)))
    .limit(1);
  return Boolean(row);
}

/** A session by id: who owns it, until when it lasts and when it was last used. */
export async function findSession(
  db: AppDb,
  sessionId: string,
): Promise<{ id: string; userId: string; expiresAt: Date; updatedAt: Date } | undefined> {
  const [row] = await db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row;
}

/** The public half of a signing key, by its key id (the token's `kid`). */
export async function findPublicKey(
  db: AppDb,
  kid: string,
): Promise<{ publicKey: string; alg: string | null } | undefined> {
  const [row] = await db
    .select({ publicKey: jwks.publicKey, alg: jwks.alg })
    .from(jwks)
    .where(eq(jwks.id, kid));
  return row;
}
