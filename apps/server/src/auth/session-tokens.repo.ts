import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { jwks } from '../db/schema/jwks';
import { userProfiles } from '../db/schema/user-profiles';
import { workspaceMembers } from '../db/schema/workspaces';

/** The user's current workspace (the profile's, else the first they joined), or null without one. */
export async function currentWorkspaceIdOf(db: AppDb, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .leftJoin(userProfiles, eq(userProfiles.userId, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.isLocked, false)))
    .orderBy(
      desc(sql`${workspaceMembers.workspaceId} = ${userProfiles.workspaceId}`),
      workspaceMembers.createdAt,
    )
    .limit(1);
  return row?.id ?? null;
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
