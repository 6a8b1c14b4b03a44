import { and, desc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { invoices } from '../../db/schema/billing';

export type InvoiceRow = typeof invoices.$inferSelect;

/** Records an invoice once per (workspace, kind, period start) and per provider invoice id. */
export async function upsertInvoice(db: AppDb, row: typeof invoices.$inferInsert): Promise<void> {
  const existing = row.providerInvoiceId
    ? (
        await db
          .select({ id: invoices.id })
          .from(invoices)
          .where(
            and(eq(invoices.provider, row.provider), eq(invoices.providerInvoiceId, row.providerInvoiceId)),
          )
      )[0]
    : undefined;
  if (existing) {
    await db
      .update(invoices)
      .set({
        status: row.status,
        amountDueCents: row.amountDueCents,
        paidAt: row.paidAt,
        nextPaymentAttemptAt: row.nextPaymentAttemptAt,
        paymentIntentStatus: row.paymentIntentStatus,
      })
      .where(eq(invoices.id, existing.id));
    return;
  }
  await db.insert(invoices).values(row).onConflictDoNothing();
}

export async function listInvoices(db: AppDb, workspaceId: string, limit = 100): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.workspaceId, workspaceId))
    .orderBy(desc(invoices.createdAt))
    .limit(limit);
}

export async function openInvoices(db: AppDb, workspaceId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.workspaceId, workspaceId), eq(invoices.status, 'open')))
    .orderBy(desc(invoices.createdAt));
}
