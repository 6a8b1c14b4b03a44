import { desc, eq } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { smsMessages } from '../db/schema/sms';

export type SmsRow = typeof smsMessages.$inferSelect;

export async function insertSms(db: AppDb, row: typeof smsMessages.$inferInsert): Promise<void> {
  await db.insert(smsMessages).values(row);
}

/** The newest messages (all, or to one number), newest first. */
export async function listSms(db: AppDb, limit: number, to?: string): Promise<SmsRow[]> {
  return db
    .select()
    .from(smsMessages)
    .where(to ? eq(smsMessages.to, to) : undefined)
    .orderBy(desc(smsMessages.createdAt))
    .limit(limit);
}
