import { desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { sessions } from '../db/schema/auth';
import { userProfiles } from '../db/schema/user-profiles';
import { workspaceMembers, workspaces } from '../db/schema/workspaces';
import { forgetPrincipals } from './principal-cache';

/** The session_inactivity_timeout (seconds) of the user's current workspace, or null when unset. */
export async function inactivityTimeoutOf(db: AppDb, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ timeout: workspaces.sessionInactivityTimeout })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .leftJoin(userProfiles, eq(userProfiles.userId, workspaceMembers.userId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(
      desc(sql`${workspaceMembers.workspaceId} = ${userProfiles.workspaceId}`),
      workspaceMembers.createdAt,
    )
    .limit(1);
  return row?.timeout ?? null;
}

/** Ends a session (its token stops working everywhere). */
export async function deleteSession(db: AppDb, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Sets a workspace's session_inactivity_timeout (seconds; null: sessions never end for idling). */
export async function setInactivityTimeout(
  db: AppDb,
  workspaceId: string,
  seconds: number | null,
): Promise<void> {
  await db
    .update(workspaces)
    .set({ sessionInactivityTimeout: seconds, updatedAt: new Date() })
    .where(eq(workspaces.id, workspaceId));
  forgetPrincipals();
}
