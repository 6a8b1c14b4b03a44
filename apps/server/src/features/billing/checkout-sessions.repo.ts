import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { checkoutSessions } from '../../db/schema/billing';

export type CheckoutRow = typeof checkoutSessions.$inferSelect;

export async function insertCheckout(db: AppDb, row: typeof checkoutSessions.$inferInsert): Promise<void> {
  await db.insert(checkoutSessions).values(row);
}

export async function findCheckout(db: AppDb, id: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row;
}

export async function updateCheckout(
  db: AppDb,
  id: string,
  patch: Partial<typeof checkoutSessions.$inferInsert>,
  onlyIfStatus?: CheckoutRow['status'][],
): Promise<CheckoutRow | undefined> {
  const [row] = await db
    .update(checkoutSessions)
    .set(patch)
    .where(
      and(
        eq(checkoutSessions.id, id),
        onlyIfStatus ? sql`${checkoutSessions.status} in ${onlyIfStatus}` : undefined,
      ),
    )
    .returning();
  return row;
}
