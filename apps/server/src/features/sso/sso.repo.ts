import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { samlAssertionReplays, workspaceDomains, workspaceIdentityProviders } from '../../db/schema/sso';
import { workspaces, type UserAutoProvisioning } from '../../db/schema/workspaces';

export type ProviderRow = typeof workspaceIdentityProviders.$inferSelect;
export type DomainRow = typeof workspaceDomains.$inferSelect;

export function listProviders(db: AppDb, workspaceId: string): Promise<ProviderRow[]> {
  return db
    .select()
    .from(workspaceIdentityProviders)
    .where(eq(workspaceIdentityProviders.workspaceId, workspaceId))
    .orderBy(asc(workspaceIdentityProviders.createdAt), asc(workspaceIdentityProviders.id));
}

/** A provider of the workspace (another workspace's id finds nothing). */
export async function findProvider(db: AppDb, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(workspaceIdentityProviders)
    .where(
      and(eq(workspaceIdentityProviders.id, id), eq(workspaceIdentityProviders.workspaceId, workspaceId)),
    );
  return row;
}

/** A provider by id alone: the sign-in flow starts from it. */
export async function providerById(db: AppDb, id: string) {
  const [row] = await db
    .select()
    .from(workspaceIdentityProviders)
    .where(eq(workspaceIdentityProviders.id, id));
  return row;
}

export async function insertProvider(db: AppDb, row: typeof workspaceIdentityProviders.$inferInsert) {
  await db.insert(workspaceIdentityProviders).values(row);
}

export async function updateProvider(
  db: AppDb,
  workspaceId: string,
  id: string,
  set: Partial<typeof workspaceIdentityProviders.$inferInsert>,
) {
  await db
    .update(workspaceIdentityProviders)
    .set(set)
    .where(
      and(eq(workspaceIdentityProviders.id, id), eq(workspaceIdentityProviders.workspaceId, workspaceId)),
    );
}

export async function deleteProvider(db: AppDb, workspaceId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(workspaceIdentityProviders)
    .where(
      and(eq(workspaceIdentityProviders.id, id), eq(workspaceIdentityProviders.workspaceId, workspaceId)),
    )
    .returning({ id: workspaceIdentityProviders.id });
  return gone.length > 0;
}

export function listDomains(db: AppDb, workspaceId: string): Promise<DomainRow[]> {
  return db
    .select()
    .from(workspaceDomains)
    .where(eq(workspaceDomains.workspaceId, workspaceId))
    .orderBy(asc(workspaceDomains.domain));
}

export async function findDomain(db: AppDb, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(workspaceDomains)
    .where(and(eq(workspaceDomains.id, id), eq(workspaceDomains.workspaceId, workspaceId)));
  return row;
}

export async function insertDomain(db: AppDb, row: typeof workspaceDomains.$inferInsert): Promise<boolean> {
  const added = await db
    .insert(workspaceDomains)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: workspaceDomains.id });
  return added.length > 0;
}

export async function deleteDomain(db: AppDb, workspaceId: string, id: string) {
  const gone = await db
    .delete(workspaceDomains)
    .where(and(eq(workspaceDomains.id, id), eq(workspaceDomains.workspaceId, workspaceId)))
    .returning();
  return gone[0];
}

export async function markDomainChecked(db: AppDb, id: string, at: Date) {
  await db.update(workspaceDomains).set({ lastCheckedAt: at }).where(eq(workspaceDomains.id, id));
}

/**
 * Marks the claim verified; false when another workspace verified the same domain first (the partial
 * unique index on verified domains decides races).
 */
export async function markDomainVerified(db: AppDb, id: string, at: Date): Promise<boolean> {
  try {
    await db.transaction(async (t) => {
      await (t as unknown as AppDb)
        .update(workspaceDomains)
        .set({ verifiedAt: at, lastCheckedAt: at })
        .where(eq(workspaceDomains.id, id));
    });
    return true;
  } catch (err) {
    if (/unique|duplicate/i.test(String((err as { cause?: unknown }).cause ?? err))) return false;
    throw err;
  }
}

/** The workspace that verified `domain`, if any. */
export async function verifiedDomainOwner(db: AppDb, domain: string): Promise<string | undefined> {
  const [row] = await db
    .select({ workspaceId: workspaceDomains.workspaceId })
    .from(workspaceDomains)
    .where(and(eq(workspaceDomains.domain, domain), isNotNull(workspaceDomains.verifiedAt)));
  return row?.workspaceId;
}

export async function setAutoProvisioning(db: AppDb, workspaceId: string, value: UserAutoProvisioning) {
  await db
    .update(workspaces)
    .set({ userAutoProvisioning: value, updatedAt: new Date() })
    .where(eq(workspaces.id, workspaceId));
}

/**
 * Records a SAML assertion id as used; false when it was used before (a replay). Expired ids are pruned
 * on the way so the table stays as small as the assertions' lifetimes.
 */
export async function useAssertionOnce(
  db: AppDb,
  assertionId: string,
  providerId: string,
  expiresAt: Date,
): Promise<boolean> {
  await db.delete(samlAssertionReplays).where(lt(samlAssertionReplays.expiresAt, sql`now()`));
  const added = await db
    .insert(samlAssertionReplays)
    .values({ assertionId, providerId, expiresAt })
    .onConflictDoNothing()
    .returning({ id: samlAssertionReplays.assertionId });
  return added.length > 0;
}

/** Every verified domain of every workspace, the least recently checked first (the periodic re-check). */
export function verifiedDomains(db: AppDb, limit: number): Promise<DomainRow[]> {
  return db
    .select()
    .from(workspaceDomains)
    .where(isNotNull(workspaceDomains.verifiedAt))
    .orderBy(sql`${workspaceDomains.lastCheckedAt} asc nulls first`, asc(workspaceDomains.id))
    .limit(limit);
}

/** Withdraws a domain's verification (its TXT record is gone); false when it was no longer verified. */
export async function markDomainUnverified(db: AppDb, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(workspaceDomains)
    .set({ verifiedAt: null, lastCheckedAt: at })
    .where(and(eq(workspaceDomains.id, id), isNotNull(workspaceDomains.verifiedAt)))
    .returning({ id: workspaceDomains.id });
  return rows.length > 0;
}
