import { and, desc, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { users } from '../../db/schema/auth';
import { invoices } from '../../db/schema/billing';
import { workspaces } from '../../db/schema/workspaces';

export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Records an invoice once per (workspace, kind, period start) and per provider invoice id. Answers the
 * invoice's id when this call is the one that made it paid (a first record as paid, or open → paid), so
 * its receipt is sent once however often the provider reports it.
 */
export async function upsertInvoice(
  db: AppDb,
  row: typeof invoices.$inferInsert,
): Promise<{ newlyPaidId: string | null }> {
  const existing = row.providerInvoiceId
    ? (
        await db
          .select({ id: invoices.id, status: invoices.status })
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
    return { newlyPaidId: existing.status !== 'paid' && row.status === 'paid' ? existing.id : null };
  }
  const inserted = await db.insert(invoices).values(row).onConflictDoNothing().returning({ id: invoices.id });
  return { newlyPaidId: inserted[0] && row.status === 'paid' ? inserted[0].id : null };
}

/** One invoice with the address its receipt goes to (the workspace owner's), or undefined. */
export async function invoiceWithOwner(db: AppDb, invoiceId: string) {
  const [row] = await db
    .select({ invoice: invoices, ownerId: users.id, ownerEmail: users.email, ownerName: users.name })
    .from(invoices)
    .innerJoin(workspaces, eq(workspaces.id, invoices.workspaceId))
    .leftJoin(users, eq(users.id, workspaces.ownerId))
    .where(eq(invoices.id, invoiceId));
  return row;
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
