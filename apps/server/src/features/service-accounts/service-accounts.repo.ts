import { and, asc, eq, isNull } from 'drizzle-orm';
import { forgetPrincipals } from '../../auth/principal-cache';
import type { AppDb } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { users } from '../../db/schema/auth';
import { serviceAccounts } from '../../db/schema/service-accounts';
import { userProfiles } from '../../db/schema/user-profiles';
import { newId } from '../../lib/ids';
import { workspaceMembers } from '../../db/schema/workspaces';

export type ServiceAccountRow = typeof serviceAccounts.$inferSelect;

/**
 * A service account: a user row no one can sign in as (no password, no session, an address that cannot
 * receive mail), its profile and membership of the workspace as editor, and the service_accounts row; one
 * transaction.
 */
export async function insertServiceAccount(
  db: AppDb,
  sa: { userId: string; workspaceId: string; name: string; createdBy: string },
): Promise<ServiceAccountRow> {
  return db.transaction(async (tx) => {
    await tx.insert(users).values({
      id: sa.userId,
      name: sa.name,
      email: `${sa.userId}@service-accounts.invalid`,
      emailVerified: false,
    });
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId: sa.workspaceId, userId: sa.userId, role: 'editor' });
    // Its own profile, in this workspace: without one, the first /v1/user call would give it a personal workspace.
    await tx.insert(userProfiles).values({
      userId: sa.userId,
      workspaceId: sa.workspaceId,
      publicUserId: newId(32).toLowerCase(),
      isInternal: false,
      isNewUser: false,
      isOnboardingCompleted: true,
      firstName: null,
    });
    const [row] = await tx.insert(serviceAccounts).values(sa).returning();
    return row!;
  });
}

/** The workspace's service accounts that were not deleted, oldest first. */
export function listServiceAccounts(db: AppDb, workspaceId: string): Promise<ServiceAccountRow[]> {
  return db
    .select()
    .from(serviceAccounts)
    .where(and(eq(serviceAccounts.workspaceId, workspaceId), isNull(serviceAccounts.deletedAt)))
    .orderBy(asc(serviceAccounts.createdAt), asc(serviceAccounts.userId));
}

/** A service account that was not deleted, in any workspace. */
export async function findActiveServiceAccount(
  db: AppDb,
  userId: string,
): Promise<ServiceAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(serviceAccounts)
    .where(and(eq(serviceAccounts.userId, userId), isNull(serviceAccounts.deletedAt)));
  return row;
}

/**
 * Deletes a service account of the workspace: its keys and membership go at once (its keys stop working),
 * the user row stays so usage and history keep naming it. False when there is none.
 */
export async function deleteServiceAccount(db: AppDb, workspaceId: string, userId: string): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    const rows = await tx
      .update(serviceAccounts)
      .set({ deletedAt: new Date() })
      .where(
        and(
          eq(serviceAccounts.userId, userId),
          eq(serviceAccounts.workspaceId, workspaceId),
          isNull(serviceAccounts.deletedAt),
        ),
      )
      .returning({ userId: serviceAccounts.userId });
    if (rows.length === 0) return false;
    await tx.delete(apiKeys).where(eq(apiKeys.userId, userId));
    await tx.delete(workspaceMembers).where(eq(workspaceMembers.userId, userId));
    return true;
  });
  if (done) forgetPrincipals();
  return done;
}
