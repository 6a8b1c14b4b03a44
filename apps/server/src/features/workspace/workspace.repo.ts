import { createHash } from 'node:crypto';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { users } from '../../db/schema/auth';
import { userProfiles } from '../../db/schema/user-profiles';
import { workspaceGroupMembers, workspaceGroups, workspaceInvites } from '../../db/schema/workspace-admin';
import { workspaceMembers, workspaces, type WorkspaceRole } from '../../db/schema/workspaces';
import { serviceAccounts } from '../../db/schema/service-accounts';
import { forgetPrincipals } from '../../auth/principal-cache';

export type WorkspaceRow = typeof workspaces.$inferSelect;

export type { InviteRow } from './invites.repo';
export const hashInviteCode = (code: string) => createHash('sha256').update(code).digest('hex');

export async function findWorkspace(db: AppDb, workspaceId: string): Promise<WorkspaceRow | undefined> {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  return row;
}

/** Service accounts are members (role editor, decision 122) but hold no seat and are listed on their own page. */
const notServiceAccount = sql`not exists (select 1 from ${serviceAccounts} where ${serviceAccounts.userId} = ${workspaceMembers.userId})`;

/** The members of a workspace with their account's email and first name, oldest first. */
export function listMembers(db: AppDb, workspaceId: string) {
  return db
    .select({
      userId: workspaceMembers.userId,
      role: workspaceMembers.role,
      isLocked: workspaceMembers.isLocked,
      createdAt: workspaceMembers.createdAt,
      email: users.email,
      firstName: userProfiles.firstName,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), notServiceAccount))
    .orderBy(asc(workspaceMembers.createdAt), asc(users.email));
}

/** A member of the workspace by their account's email. */
export async function findMemberByEmail(db: AppDb, workspaceId: string, email: string) {
  const [row] = await db
    .select({
      userId: workspaceMembers.userId,
      role: workspaceMembers.role,
      isLocked: workspaceMembers.isLocked,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.email, email.toLowerCase())));
  return row;
}

export async function findMember(db: AppDb, workspaceId: string, userId: string) {
  const [row] = await db
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row;
}

/** Members and pending (unexpired) invites: both hold a seat. Locks the workspace row (seat races). */
export async function seatsInUse(tx: AppDb, workspaceId: string, now: Date) {
  await tx.execute(sql`select 1 from ${workspaces} where ${workspaces.id} = ${workspaceId} for update`);
  const [m] = await tx
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), notServiceAccount));
  const [i] = await tx
    .select({ n: count() })
    .from(workspaceInvites)
    .where(and(eq(workspaceInvites.workspaceId, workspaceId), gt(workspaceInvites.expiresAt, now)));
  return { members: Number(m?.n ?? 0), pendingInvites: Number(i?.n ?? 0) };
}

export async function setRole(db: AppDb, workspaceId: string, userId: string, role: WorkspaceRole) {
  await db
    .update(workspaceMembers)
    .set({ role })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  forgetPrincipals();
}

export async function setLocked(db: AppDb, workspaceId: string, userId: string, isLocked: boolean) {
  await db
    .update(workspaceMembers)
    .set({ isLocked })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  forgetPrincipals();
}

/**
 * Takes the user out of the workspace: membership, group memberships; a profile whose current workspace
 * this was moves to another one they belong to (their personal one first). Their sessions and API keys
 * stop reaching the workspace at once: both resolve the workspace from memberships on every request, and
 * the caller cache is emptied here (and by the database's notification on other nodes).
 */
export async function removeMember(tx: AppDb, workspaceId: string, userId: string) {
  await tx
    .delete(workspaceGroupMembers)
    .where(
      and(
        eq(workspaceGroupMembers.userId, userId),
        sql`${workspaceGroupMembers.groupId} in (select ${workspaceGroups.id} from ${workspaceGroups} where ${workspaceGroups.workspaceId} = ${workspaceId})`,
      ),
    );
  await tx
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  await tx
    .update(userProfiles)
    .set({
      workspaceId: sql`(select ${workspaceMembers.workspaceId} from ${workspaceMembers}
        join ${workspaces} on ${workspaces.id} = ${workspaceMembers.workspaceId}
        where ${workspaceMembers.userId} = ${userId} and not ${workspaceMembers.isLocked}
        order by ${workspaces.isPersonal} desc, ${workspaceMembers.createdAt} limit 1)`,
    })
    .where(and(eq(userProfiles.userId, userId), eq(userProfiles.workspaceId, workspaceId)));
  forgetPrincipals();
}

export async function addMember(tx: AppDb, workspaceId: string, userId: string, role: WorkspaceRole) {
  await tx.insert(workspaceMembers).values({ workspaceId, userId, role }).onConflictDoNothing();
  forgetPrincipals();
}

/** Makes `workspaceId` the user's current workspace (user data; new session tokens claim it). */
export async function setCurrentWorkspace(db: AppDb, userId: string, workspaceId: string) {
  await db
    .update(userProfiles)
    .set({ workspaceId, updatedAt: new Date() })
    .where(eq(userProfiles.userId, userId));
  forgetPrincipals();
}

/** Every workspace the user belongs to (locked ones left out), personal first. */
export function listWorkspacesOf(db: AppDb, userId: string) {
  return db
    .select({
      id: workspaces.id,
      name: workspaces.name,
      isPersonal: workspaces.isPersonal,
      ownerId: workspaces.ownerId,
      role: workspaceMembers.role,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.isLocked, false)))
    .orderBy(sql`${workspaces.isPersonal} desc`, asc(workspaceMembers.createdAt));
}

export async function setOwner(db: AppDb, workspaceId: string, ownerId: string) {
  await db.update(workspaces).set({ ownerId, updatedAt: new Date() }).where(eq(workspaces.id, workspaceId));
  forgetPrincipals();
}

/** Whether the user's current workspace (user data) is one where an admin locked them. */
export async function currentMembershipLocked(db: AppDb, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ locked: workspaceMembers.isLocked })
    .from(userProfiles)
    .innerJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.userId, userProfiles.userId),
        eq(workspaceMembers.workspaceId, userProfiles.workspaceId),
      ),
    )
    .where(eq(userProfiles.userId, userId));
  return row?.locked ?? false;
}

export async function userEmail(
  db: AppDb,
  userId: string,
): Promise<{ email: string; verified: boolean } | undefined> {
  const [row] = await db
    .select({ email: users.email, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function findUserIdByEmail(db: AppDb, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.id;
}

/** Adds the user to those of `groupIds` that belong to the workspace. */
export async function addToGroups(tx: AppDb, workspaceId: string, groupIds: string[], userId: string) {
  if (!groupIds.length) return;
  const groups = await tx
    .select({ id: workspaceGroups.id })
    .from(workspaceGroups)
    .where(and(eq(workspaceGroups.workspaceId, workspaceId), inArray(workspaceGroups.id, groupIds)));
  if (!groups.length) return;
  await tx
    .insert(workspaceGroupMembers)
    .values(groups.map((g) => ({ groupId: g.id, userId })))
    .onConflictDoNothing();
}
