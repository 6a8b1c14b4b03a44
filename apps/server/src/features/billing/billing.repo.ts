import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { users } from '../../db/schema/auth';
import { workspaceSubscriptions } from '../../db/schema/billing';
import { workspaceUsage } from '../../db/schema/usage';
import { userProfiles } from '../../db/schema/user-profiles';
import { workspaceMembers, workspaces } from '../../db/schema/workspaces';
import { forgetPrincipals } from '../../auth/principal-cache';

export type SubscriptionRow = typeof workspaceSubscriptions.$inferSelect;
export type SubscriptionPatch = Partial<Omit<typeof workspaceSubscriptions.$inferInsert, 'workspaceId'>>;
export type WorkspaceBilling = {
  workspace: { id: string; tier: string; maxSeats: number; ownerId: string | null };
  sub: SubscriptionRow;
};

const s = workspaceSubscriptions;

/** The workspace's tier and its billing row (created with the defaults on first use). */
export async function workspaceBilling(
  db: AppDb,
  workspaceId: string,
): Promise<WorkspaceBilling | undefined> {
  const [ws] = await db
    .select({
      id: workspaces.id,
      tier: workspaces.subscriptionTier,
      maxSeats: workspaces.maxSeats,
      ownerId: workspaces.ownerId,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!ws) return undefined;
  await db.insert(s).values({ workspaceId }).onConflictDoNothing();
  const [sub] = await db.select().from(s).where(eq(s.workspaceId, workspaceId));
  return { workspace: ws, sub: sub! };
}

/** Locks the billing row for the rest of the transaction (concurrent changes run one after another). */
export async function lockSubscription(db: AppDb, workspaceId: string): Promise<SubscriptionRow | undefined> {
  await db.insert(s).values({ workspaceId }).onConflictDoNothing();
  const [row] = await db.select().from(s).where(eq(s.workspaceId, workspaceId)).for('update');
  return row;
}

export async function updateSubscription(
  db: AppDb,
  workspaceId: string,
  patch: SubscriptionPatch,
): Promise<void> {
  await db
    .update(s)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(s.workspaceId, workspaceId));
}

/** The workspace's tier and seat count (what quota, concurrency and seats read). */
export async function setWorkspaceTier(
  db: AppDb,
  workspaceId: string,
  tier: string,
  maxSeats: number,
): Promise<void> {
  await db
    .update(workspaces)
    .set({ subscriptionTier: tier, maxSeats, updatedAt: sql`now()` })
    .where(eq(workspaces.id, workspaceId));
  forgetPrincipals();
}

/**
 * Sets the plan's character limit; `resetTo` (a new period) also starts the count again and moves the
 * next reset, but only once per period: a row whose reset is already past `resetTo` is left alone.
 */
export async function setCharacterLimit(
  db: AppDb,
  workspaceId: string,
  limit: number,
  reset?: { nextResetAt: Date },
): Promise<void> {
  const u = workspaceUsage;
  await db
    .insert(u)
    .values({
      workspaceId,
      characterCount: 0,
      characterLimit: limit,
      nextCharacterCountResetAt: reset?.nextResetAt ?? sql`now() + interval '1 month'`,
    })
    .onConflictDoUpdate({
      target: u.workspaceId,
      set: reset
        ? {
            characterLimit: limit,
            characterCount: sql`CASE WHEN ${u.nextCharacterCountResetAt} < ${reset.nextResetAt} THEN 0 ELSE ${u.characterCount} END`,
            nextCharacterCountResetAt: sql`greatest(${u.nextCharacterCountResetAt}, ${reset.nextResetAt})`,
            updatedAt: sql`now()`,
          }
        : { characterLimit: limit, updatedAt: sql`now()` },
    });
}

export async function usageRow(db: AppDb, workspaceId: string) {
  const [row] = await db.select().from(workspaceUsage).where(eq(workspaceUsage.workspaceId, workspaceId));
  return row;
}

/** Subscriptions whose period has ended by `now` (the period-end job's work list). */
export async function duePeriodEnds(db: AppDb, now: Date, limit = 100): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(s)
    .where(and(lte(s.currentPeriodEnd, now), sql`${s.status} <> 'free'`))
    .orderBy(s.currentPeriodEnd)
    .limit(limit);
}

export async function findSubscriptionByProviderId(db: AppDb, subscriptionId: string) {
  const [row] = await db.select().from(s).where(eq(s.providerSubscriptionId, subscriptionId));
  return row;
}

export async function userEmail(db: AppDb, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

export async function userIdByEmail(db: AppDb, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.id;
}

export async function findSubscriptionByPayoutsAccount(db: AppDb, accountId: string) {
  const [row] = await db.select().from(s).where(eq(s.payoutsAccountId, accountId));
  return row;
}

/** The user's current workspace with their role in it (profile's current one, else the first). */
export async function memberWorkspace(
  db: AppDb,
  userId: string,
): Promise<{ id: string; role: string; ownerId: string | null } | undefined> {
  const [row] = await db
    .select({ id: workspaces.id, role: workspaceMembers.role, ownerId: workspaces.ownerId })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .leftJoin(userProfiles, eq(userProfiles.userId, workspaceMembers.userId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(
      desc(sql`${workspaceMembers.workspaceId} = ${userProfiles.workspaceId}`),
      workspaceMembers.createdAt,
    )
    .limit(1);
  return row;
}

/** The owner's extension settings (user metadata allowed_to_extend_character_limit, max extension). */
export async function extensionSettings(db: AppDb, userId: string | null) {
  if (!userId) return { allowed: false, max: null as number | null };
  const [row] = await db
    .select({
      allowed: userProfiles.allowedToExtendCharacterLimit,
      max: userProfiles.maxCharacterLimitExtension,
    })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return row ?? { allowed: false, max: null };
}
