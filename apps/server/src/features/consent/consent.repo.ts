import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { users } from '../../db/schema/auth';
import { preSignUps, type Location, type RegistrationAttribution } from '../../db/schema/account-signals';
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

const PRODUCT_UPDATES = 'agrees_to_product_updates';

/** The sign-up form's product-updates choice in an attribution record, and the record without it. */
function splitChoice(attribution: RegistrationAttribution | null | undefined) {
  const metadata = attribution?.account_metadata;
  const choice = metadata?.[PRODUCT_UPDATES];
  if (typeof choice !== 'boolean') return null;
  const { [PRODUCT_UPDATES]: _taken, ...rest } = metadata!;
  return { choice, rest: { ...attribution, account_metadata: rest } };
}

/**
 * Takes the product-updates choice of a pre-sign-up row written before the account existed (a later one
 * could be anyone's) and removes it from the row. Called in the transaction that creates the profile, so
 * the account starts with the answer given on the form.
 */
export async function takePreSignUpChoice(
  tx: AppDb,
  email: string,
  accountCreatedAt: Date,
): Promise<boolean | undefined> {
  const [pre] = await tx.select().from(preSignUps).where(eq(preSignUps.email, email.toLowerCase()));
  const fromPre = pre && pre.createdAt <= accountCreatedAt ? splitChoice(pre.attribution) : null;
  if (!fromPre) return undefined;
  await tx.update(preSignUps).set({ attribution: fromPre.rest }).where(eq(preSignUps.email, pre!.email));
  return fromPre.choice;
}

/**
 * Takes the product-updates choice made on the sign-up form (pre-sign-up's account_metadata), once: from
 * the pre-sign-up row if it was written before the account existed (a later one could be anyone's), or
 * from the profile's registration attribution that post-registration setup merged it into. The choice is
 * removed where it was found, so a later change of mind is never overwritten by it.
 */
export async function takeSignUpProductUpdates(db: AppDb, userId: string): Promise<boolean | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        email: users.email,
        createdAt: users.createdAt,
        attribution: userProfiles.registrationAttribution,
      })
      .from(users)
      .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(eq(users.id, userId))
      .for('update');
    if (!row) return undefined;
    const fromPre = await takePreSignUpChoice(tx, row.email, row.createdAt);
    if (fromPre !== undefined) return fromPre;
    const fromProfile = splitChoice(row.attribution);
    if (!fromProfile) return undefined;
    await tx
      .update(userProfiles)
      .set({ registrationAttribution: fromProfile.rest })
      .where(eq(userProfiles.userId, userId));
    return fromProfile.choice;
  });
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
