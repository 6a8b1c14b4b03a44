import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { sessions, users } from '../../db/schema/auth';
import { phoneFactors, twoFactors } from '../../db/schema/two-factor';
import { userProfiles } from '../../db/schema/user-profiles';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';
import { takePreSignUpChoice } from '../consent/consent.repo';
import { forgetPrincipals } from '../../auth/principal-cache';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof userProfiles.$inferSelect;
export type WorkspaceRow = typeof workspaces.$inferSelect;
export type MemberRow = typeof workspaceMembers.$inferSelect;

/**
 * A new user's personal workspace (role admin) and profile, in one transaction. Idempotent: a user who
 * already has a profile is left as they are, so it can also repair an account half-created by a crash.
 */
export async function insertPersonalAccount(
  db: AppDb,
  input: {
    userId: string;
    workspaceId: string;
    workspaceName: string;
    publicUserId: string;
    isInternal: boolean;
    /** A self-service sign-up: is_onboarding_completed starts false (the column's default is the spec's true). */
    needsOnboarding?: boolean;
    /** first_name from the start, from the name the account was created with (see first-name.ts). */
    firstName?: string | null;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: userProfiles.userId })
      .from(userProfiles)
      .where(eq(userProfiles.userId, input.userId));
    if (existing.length) return;
    const [account] = await tx
      .select({ email: users.email, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, input.userId));
    // The answer given on the sign-up form, from the start (not only once the app first registers a location).
    const productUpdates = account
      ? await takePreSignUpChoice(tx, account.email, account.createdAt)
      : undefined;
    await tx.insert(workspaces).values({
      id: input.workspaceId,
      name: input.workspaceName,
      ownerId: input.userId,
      isPersonal: true,
    });
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId: input.workspaceId, userId: input.userId, role: 'admin' });
    await tx.insert(userProfiles).values({
      userId: input.userId,
      workspaceId: input.workspaceId,
      publicUserId: input.publicUserId,
      isInternal: input.isInternal,
      isOnboardingCompleted: !input.needsOnboarding,
      firstName: input.firstName ?? null,
      ...(productUpdates !== undefined && { agreesToProductUpdates: productUpdates }),
    });
  });
}

export async function findUser(db: AppDb, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function findUserByEmail(db: AppDb, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function findProfile(db: AppDb, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  return row;
}

export async function updateProfile(
  db: AppDb,
  userId: string,
  patch: Partial<Omit<typeof userProfiles.$inferInsert, 'userId'>>,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(userProfiles)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(userProfiles.userId, userId))
    .returning();
  // The account state and current workspace are part of a cached API-key caller (decision 041).
  if ('accountState' in patch || 'workspaceId' in patch) forgetPrincipals();
  return row;
}

/** The user's membership in one workspace, with the workspace. */
export async function findMembership(
  db: AppDb,
  userId: string,
  workspaceId: string,
): Promise<{ workspace: WorkspaceRow; member: MemberRow } | undefined> {
  const [row] = await db
    .select({ workspace: workspaces, member: workspaceMembers })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, workspaceId)));
  return row;
}

/** Every workspace the user belongs to. */
export async function listWorkspaceIds(db: AppDb, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId));
  return rows.map((r) => r.id);
}

/** The newest API key's preview, for xi_api_key_preview. */
export async function latestApiKeyPreview(db: AppDb, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ preview: apiKeys.keyPreview })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt))
    .limit(1);
  return row?.preview ?? null;
}

/** Account states of several users at once (sign-in checks one; admin lists many). */
export async function accountStates(db: AppDb, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: userProfiles.userId,
      state: userProfiles.accountState,
      reason: userProfiles.accountStateReason,
    })
    .from(userProfiles)
    .where(inArray(userProfiles.userId, userIds));
}

/** Ends every session of a user (their account was disabled, deleted or banned). */
export async function deleteSessions(db: AppDb, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** When the user's authenticator app (better-auth's two_factors row) was enrolled, if enabled and verified. */
export async function totpEnrolledAt(db: AppDb, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({
      createdAt: twoFactors.createdAt,
      verified: twoFactors.verified,
      enabled: users.twoFactorEnabled,
    })
    .from(twoFactors)
    .innerJoin(users, eq(users.id, twoFactors.userId))
    .where(eq(twoFactors.userId, userId))
    .limit(1);
  return row && row.verified && row.enabled ? row.createdAt : null;
}

/** When the phone (SMS) second factor was enrolled, if it is on (GET /v1/user's sms_mfa_factor). */
export async function smsEnrolledAt(db: AppDb, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ enrolledAt: phoneFactors.enrolledAt, enabled: users.twoFactorEnabled })
    .from(phoneFactors)
    .innerJoin(users, eq(users.id, phoneFactors.userId))
    .where(eq(phoneFactors.userId, userId))
    .limit(1);
  return row?.enabled ? row.enrolledAt : null;
}
