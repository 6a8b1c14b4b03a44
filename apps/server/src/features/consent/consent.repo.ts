import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import type { Location } from '../../db/schema/account-signals';
import { userProfiles } from '../../db/schema/user-profiles';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';

/** Stores acceptance of the biometric terms (first acceptance time kept). */
export async function acceptBipaTerms(db: AppDb, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(userProfiles)
    .set({ acceptedBipaTerms: true, acceptedBipaTermsAt: at, updatedAt: at })
    .where(and(eq(userProfiles.userId, userId), eq(userProfiles.acceptedBipaTerms, false)))
    .returning({ id: userProfiles.userId });
  return rows.length > 0;
}

/**
 * Stores the looked-up location and its geo_location, with the product-updates choice when given. Without
 * a location (loopback, private address) a location stored earlier is kept.
 */
export async function saveLocation(
  db: AppDb,
  userId: string,
  input: { location: Location | null; geoLocation: string | null; agreesToProductUpdates?: boolean },
): Promise<boolean> {
  const rows = await db
    .update(userProfiles)
    .set({
      ...(input.location ? { location: input.location, geoLocation: input.geoLocation } : {}),
      ...(input.agreesToProductUpdates === undefined
        ? {}
        : { agreesToProductUpdates: input.agreesToProductUpdates }),
      updatedAt: new Date(),
    })
    .where(eq(userProfiles.userId, userId))
    .returning({ id: userProfiles.userId });
  return rows.length > 0;
}

/** The user's current workspace with their role in it. */
export async function currentWorkspace(db: AppDb, userId: string) {
  const [row] = await db
    .select({
      workspaceId: workspaces.id,
      trainingOptOut: workspaces.trainingOptOut,
      role: workspaceMembers.role,
    })
    .from(userProfiles)
    .innerJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.userId, userProfiles.userId),
        eq(workspaceMembers.workspaceId, userProfiles.workspaceId),
      ),
    )
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(userProfiles.userId, userId));
  return row;
}

export async function setTrainingOptOut(db: AppDb, workspaceId: string, value: boolean): Promise<void> {
  const now = new Date();
  await db
    .update(workspaces)
    .set({ trainingOptOut: value, trainingOptOutAt: value ? now : null, updatedAt: now })
    .where(eq(workspaces.id, workspaceId));
}
