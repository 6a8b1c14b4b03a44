import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { billingIdempotencyKeys, billingWebhookEvents } from '../../db/schema/billing';

/** Claims an idempotency key; false when it was claimed before (then `storedResponse` has the answer). */
export async function claimIdempotencyKey(
  db: AppDb,
  workspaceId: string,
  key: string,
  action: string,
): Promise<boolean> {
  const rows = await db
    .insert(billingIdempotencyKeys)
    .values({ workspaceId, key, action })
    .onConflictDoNothing()
    .returning({ key: billingIdempotencyKeys.key });
  return rows.length > 0;
}

export async function storedResponse(db: AppDb, workspaceId: string, key: string) {
  const [row] = await db
    .select()
    .from(billingIdempotencyKeys)
    .where(and(eq(billingIdempotencyKeys.workspaceId, workspaceId), eq(billingIdempotencyKeys.key, key)));
  return row;
}

export async function storeResponse(db: AppDb, workspaceId: string, key: string, response: unknown) {
  await db
    .update(billingIdempotencyKeys)
    .set({ response })
    .where(and(eq(billingIdempotencyKeys.workspaceId, workspaceId), eq(billingIdempotencyKeys.key, key)));
}

/** Frees a key whose change failed, so the same key can be tried again. */
export async function releaseIdempotencyKey(db: AppDb, workspaceId: string, key: string) {
  await db
    .delete(billingIdempotencyKeys)
    .where(and(eq(billingIdempotencyKeys.workspaceId, workspaceId), eq(billingIdempotencyKeys.key, key)));
}

/** True the first time an event id is seen. */
export async function recordWebhookEvent(
  db: AppDb,
  event: { id: string; provider: 'local' | 'stripe'; type: string },
): Promise<boolean> {
  const rows = await db
    .insert(billingWebhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: billingWebhookEvents.id });
  return rows.length > 0;
}

export async function webhookSeen(db: AppDb, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: billingWebhookEvents.id })
    .from(billingWebhookEvents)
    .where(eq(billingWebhookEvents.id, id));
  return rows.length > 0;
}
