import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { workspaceMembers } from '../../db/schema/workspaces';
import { webhookDeliveries, webhooks } from '../../db/schema/webhooks';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookChanges = Partial<
  Pick<WebhookRow, 'name' | 'isDisabled' | 'isAutoDisabled' | 'retryEnabled' | 'requestHeaders' | 'events'>
> & { consecutiveFailures?: number };

/** Whose webhooks: a workspace's own (ownerUserId null) or one user's in a workspace. */
export type WebhookOwner = { workspaceId: string; ownerUserId: string | null };

const ownedBy = (o: WebhookOwner) =>
  and(
    eq(webhooks.workspaceId, o.workspaceId),
    o.ownerUserId === null ? isNull(webhooks.ownerUserId) : eq(webhooks.ownerUserId, o.ownerUserId),
  );

export async function insertWebhook(db: AppDb, row: typeof webhooks.$inferInsert): Promise<WebhookRow> {
  const [inserted] = await db.insert(webhooks).values(row).returning();
  return inserted!;
}

export function listWebhooks(db: AppDb, owner: WebhookOwner): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(ownedBy(owner)).orderBy(webhooks.createdAt, webhooks.id);
}

export async function findWebhook(db: AppDb, owner: WebhookOwner, id: string) {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), ownedBy(owner)));
  return row;
}

export async function findWebhookById(db: AppDb, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row;
}

export async function updateWebhook(db: AppDb, owner: WebhookOwner, id: string, changes: WebhookChanges) {
  const [row] = await db
    .update(webhooks)
    .set(changes)
    .where(and(eq(webhooks.id, id), ownedBy(owner)))
    .returning();
  return row;
}

export async function deleteWebhook(db: AppDb, owner: WebhookOwner, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), ownedBy(owner)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

/**
 * Where an event goes: the enabled webhooks of the workspace subscribed to `eventType`, the workspace's own
 * and, when `userId` is given, that user's; or, when `webhookId` is given, that one webhook alone (a request
 * that named it, subscribed or not) if it is enabled and the user may use it.
 */
export function targetWebhooks(
  db: AppDb,
  q: { workspaceId: string; userId: string | null; eventType: string; webhookId?: string },
): Promise<WebhookRow[]> {
  const owners =
    q.userId === null
      ? isNull(webhooks.ownerUserId)
      : sql`(${webhooks.ownerUserId} is null or ${webhooks.ownerUserId} = ${q.userId})`;
  return db
    .select()
    .from(webhooks)
    .where(
      and(
        eq(webhooks.workspaceId, q.workspaceId),
        owners,
        eq(webhooks.isDisabled, false),
        eq(webhooks.isAutoDisabled, false),
        q.webhookId ? eq(webhooks.id, q.webhookId) : sql`${q.eventType} = any(${webhooks.events})`,
      ),
    );
}

export async function insertDeliveries(db: AppDb, rows: (typeof webhookDeliveries.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(webhookDeliveries).values(rows).returning();
}

export async function findDelivery(db: AppDb, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

export function listDeliveries(db: AppDb, webhookId: string, limit: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export async function recordAttempt(
  db: AppDb,
  id: string,
  outcome: Pick<DeliveryRow, 'status' | 'attempts' | 'responseStatus' | 'responseBody' | 'error'>,
): Promise<void> {
  const done = outcome.status === 'delivered' || outcome.status === 'failed';
  await db
    .update(webhookDeliveries)
    .set({ ...outcome, completedAt: done ? new Date() : null })
    .where(eq(webhookDeliveries.id, id));
}

/** A delivered attempt ends the webhook's failure streak. */
export async function resetFailures(db: AppDb, id: string): Promise<void> {
  await db
    .update(webhooks)
    .set({ consecutiveFailures: 0 })
    .where(and(eq(webhooks.id, id), sql`${webhooks.consecutiveFailures} > 0`));
}

/** Counts a failed attempt in one statement; the streak's new length. */
export async function countFailure(db: AppDb, id: string, status: number | null): Promise<number> {
  const [row] = await db
    .update(webhooks)
    .set({
      consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1`,
      lastFailureStatus: status,
      lastFailureAt: new Date(),
    })
    .where(eq(webhooks.id, id))
    .returning({ failures: webhooks.consecutiveFailures });
  return row?.failures ?? 0;
}

/** Disables a webhook automatically; true only for the statement that did it (so one notice is sent). */
export async function autoDisable(db: AppDb, id: string): Promise<boolean> {
  const rows = await db
    .update(webhooks)
    .set({ isAutoDisabled: true })
    .where(and(eq(webhooks.id, id), eq(webhooks.isAutoDisabled, false)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

/** The admins of a workspace (who hear about its webhooks). */
export async function workspaceAdminIds(db: AppDb, workspaceId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'admin')));
  return rows.map((r) => r.userId);
}
