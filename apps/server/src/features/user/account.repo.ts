import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import {
  adVisits,
  deviceFingerprints,
  preSignUps,
  type RegistrationAttribution,
} from '../../db/schema/account-signals';
import { users } from '../../db/schema/auth';
import { historyItems } from '../../db/schema/history';
import { mailMessages } from '../../db/schema/mail';
import { userProfiles } from '../../db/schema/user-profiles';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';
import { discardFiles } from '../../storage/file-deletion.job';
import { historyItemKeys } from '../../storage/file-keys';

/**
 * Removes a user and everything that is only theirs, in one transaction: the workspaces where they are
 * the only member (with their history, usage and settings, by cascade), the user row (sessions, credentials,
 * profile, API keys, second factors, memberships, messages, device fingerprints by cascade), mail sent to
 * them and what was recorded under their email. Returns the file keys of the removed history audio so the
 * caller deletes the files once the rows are gone; undefined when the user does not exist.
 */
export async function deleteAccount(db: AppDb, userId: string): Promise<{ files: string[] } | undefined> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) return undefined;
    const memberOf = tx
      .select({ id: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, userId));
    const soleOwned = await tx
      .select({ id: workspaceMembers.workspaceId, members: count() })
      .from(workspaceMembers)
      .where(inArray(workspaceMembers.workspaceId, memberOf))
      .groupBy(workspaceMembers.workspaceId)
      .having(sql`count(*) = 1`);
    const ids = soleOwned.map((w) => w.id);
    const files = ids.length
      ? (
          await tx
            .select({
              id: historyItems.id,
              workspaceId: historyItems.workspaceId,
              audioPath: historyItems.audioPath,
            })
            .from(historyItems)
            .where(inArray(historyItems.workspaceId, ids))
        ).flatMap(historyItemKeys)
      : [];
    // Deleted by a job queued with the rows' removal, retried until the store answers.
    await discardFiles(tx as unknown as AppDb, files);
    if (ids.length) await tx.delete(workspaces).where(inArray(workspaces.id, ids));
    await tx.delete(users).where(eq(users.id, userId));
    await tx.delete(mailMessages).where(eq(mailMessages.to, user.email));
    await tx.delete(preSignUps).where(eq(preSignUps.email, user.email));
    await tx.delete(adVisits).where(or(eq(adVisits.email, user.email), eq(adVisits.userId, userId)));
    return { files };
  });
}

/** Saves the referral link code unless one exists; returns the stored code. */
export async function ensureReferralCode(
  db: AppDb,
  userId: string,
  candidate: string,
): Promise<string | undefined> {
  await db
    .update(userProfiles)
    .set({ referralLinkCode: candidate, updatedAt: new Date() })
    .where(and(eq(userProfiles.userId, userId), sql`${userProfiles.referralLinkCode} is null`));
  const [row] = await db
    .select({ code: userProfiles.referralLinkCode })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return row?.code ?? undefined;
}

export async function alphaAccess(db: AppDb, userId: string) {
  const [row] = await db
    .select({ has: userProfiles.hasAlphaAccess, requestedAt: userProfiles.alphaAccessRequestedAt })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return row;
}

export async function requestAlphaAccess(db: AppDb, userId: string): Promise<void> {
  await db
    .update(userProfiles)
    .set({
      alphaAccessRequestedAt: sql`coalesce(${userProfiles.alphaAccessRequestedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(eq(userProfiles.userId, userId));
}

/** Records a device; a known one only gets its last-seen time moved. */
export async function recordDeviceFingerprint(db: AppDb, userId: string, fingerprint: string): Promise<void> {
  await db
    .insert(deviceFingerprints)
    .values({ userId, fingerprint })
    .onConflictDoUpdate({
      target: [deviceFingerprints.userId, deviceFingerprints.fingerprint],
      set: { lastSeenAt: new Date() },
    });
}

export async function savePreSignUp(
  db: AppDb,
  email: string,
  attribution: RegistrationAttribution,
): Promise<void> {
  await db
    .insert(preSignUps)
    .values({ email, attribution })
    .onConflictDoUpdate({ target: preSignUps.email, set: { attribution, createdAt: new Date() } });
}

/**
 * Merges what the browser sent before (pre-sign-up, by email) and now (post-registration) into the
 * profile's attribution; the pre-sign-up row is used up. Earlier values win where both exist.
 */
export async function applyRegistration(
  db: AppDb,
  userId: string,
  now: RegistrationAttribution,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: users.email, current: userProfiles.registrationAttribution })
      .from(users)
      .innerJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(eq(users.id, userId))
      .for('update');
    if (!row) return false;
    const [pre] = await tx.delete(preSignUps).where(eq(preSignUps.email, row.email)).returning();
    const merged: RegistrationAttribution = {
      ...known(now),
      ...known(pre?.attribution),
      ...known(row.current),
    };
    await tx
      .update(userProfiles)
      .set({ registrationAttribution: merged, updatedAt: new Date() })
      .where(eq(userProfiles.userId, userId));
    return true;
  });
}

/** Only the values that were given (null and undefined dropped), so they never hide a known one. */
function known(attribution: RegistrationAttribution | null | undefined): RegistrationAttribution {
  return Object.fromEntries(
    Object.entries(attribution ?? {}).filter(([, v]) => v !== undefined && v !== null),
  );
}

export async function insertAdVisit(db: AppDb, visit: typeof adVisits.$inferInsert): Promise<void> {
  await db.insert(adVisits).values(visit);
}

export async function registrationAttribution(db: AppDb, userId: string) {
  const [row] = await db
    .select({ attribution: userProfiles.registrationAttribution })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return row?.attribution ?? null;
}
