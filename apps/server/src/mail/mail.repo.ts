import { desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { mailMessages } from '../db/schema/mail';

export type MailRow = typeof mailMessages.$inferSelect;

export function insertMail(db: AppDb, row: typeof mailMessages.$inferInsert) {
  return db.insert(mailMessages).values(row).returning();
}

export async function findMail(db: AppDb, id: string): Promise<MailRow | undefined> {
  const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
  return row;
}

export async function markMailSent(db: AppDb, id: string): Promise<void> {
  await db
    .update(mailMessages)
    .set({ status: 'sent', sentAt: new Date(), attempts: sql`${mailMessages.attempts} + 1`, lastError: null })
    .where(eq(mailMessages.id, id));
}

export async function markMailAttemptFailed(
  db: AppDb,
  id: string,
  error: string,
  final: boolean,
): Promise<void> {
  await db
    .update(mailMessages)
    .set({
      status: final ? 'failed' : 'queued',
      attempts: sql`${mailMessages.attempts} + 1`,
      lastError: error,
    })
    .where(eq(mailMessages.id, id));
}

export function listMail(db: AppDb, limit: number): Promise<MailRow[]> {
  return db.select().from(mailMessages).orderBy(desc(mailMessages.createdAt)).limit(limit);
}
