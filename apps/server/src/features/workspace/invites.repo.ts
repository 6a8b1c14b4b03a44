import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { users } from '../../db/schema/auth';
import { workspaceInvites } from '../../db/schema/workspace-admin';
import { workspaces } from '../../db/schema/workspaces';

export type InviteRow = typeof workspaceInvites.$inferSelect;

/** Pending invites of a workspace with who sent them, oldest first. Expired ones are left out. */
export function listPendingInvites(db: AppDb, workspaceId: string, now: Date) {
  return db
    .select({ invite: workspaceInvites, invitedByEmail: users.email })
    .from(workspaceInvites)
    .leftJoin(users, eq(users.id, workspaceInvites.invitedBy))
    .where(and(eq(workspaceInvites.workspaceId, workspaceId), gt(workspaceInvites.expiresAt, now)))
    .orderBy(asc(workspaceInvites.createdAt));
}

/** Invites sent to an address, with their workspace's name. */
export function listInvitesFor(db: AppDb, email: string, now: Date) {
  return db
    .select({ invite: workspaceInvites, workspaceName: workspaces.name, invitedByEmail: users.email })
    .from(workspaceInvites)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
    .leftJoin(users, eq(users.id, workspaceInvites.invitedBy))
    .where(and(eq(workspaceInvites.email, email.toLowerCase()), gt(workspaceInvites.expiresAt, now)))
    .orderBy(asc(workspaceInvites.createdAt));
}

export async function findInviteByCodeHash(db: AppDb, codeHash: string): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(workspaceInvites).where(eq(workspaceInvites.codeHash, codeHash));
  return row;
}

export async function findInviteById(db: AppDb, id: string): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(workspaceInvites).where(eq(workspaceInvites.id, id));
  return row;
}

export async function findInvite(
  db: AppDb,
  workspaceId: string,
  email: string,
): Promise<InviteRow | undefined> {
  const [row] = await db
    .select()
    .from(workspaceInvites)
    .where(
      and(eq(workspaceInvites.workspaceId, workspaceId), eq(workspaceInvites.email, email.toLowerCase())),
    );
  return row;
}

export async function insertInvite(tx: AppDb, row: typeof workspaceInvites.$inferInsert) {
  await tx.insert(workspaceInvites).values(row);
}

export async function deleteInvite(tx: AppDb, id: string): Promise<boolean> {
  const rows = await tx
    .delete(workspaceInvites)
    .where(eq(workspaceInvites.id, id))
    .returning({ id: workspaceInvites.id });
  return rows.length > 0;
}

/** Removes a workspace's expired invites for an address (so it can be invited again). */
export async function deleteExpired(tx: AppDb, workspaceId: string, email: string, now: Date) {
  await tx
    .delete(workspaceInvites)
    .where(
      and(
        eq(workspaceInvites.workspaceId, workspaceId),
        eq(workspaceInvites.email, email.toLowerCase()),
        lte(workspaceInvites.expiresAt, now),
      ),
    );
}
