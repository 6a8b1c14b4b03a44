import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { promoCoupons } from '../../db/schema/billing';

export type CouponRow = typeof promoCoupons.$inferSelect;

export async function findCoupon(db: AppDb, code: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCoupons)
    .where(sql`lower(${promoCoupons.code}) = lower(${code})`);
  return row;
}

export async function upsertCoupon(db: AppDb, row: typeof promoCoupons.$inferInsert): Promise<void> {
  await db.insert(promoCoupons).values(row).onConflictDoUpdate({ target: promoCoupons.code, set: row });
}

/** Counts one redemption, only while redemptions are left. */
export async function redeemCoupon(db: AppDb, code: string): Promise<boolean> {
  const rows = await db
    .update(promoCoupons)
    .set({ timesRedeemed: sql`${promoCoupons.timesRedeemed} + 1` })
    .where(
      and(
        eq(promoCoupons.code, code),
        sql`(${promoCoupons.maxRedemptions} IS NULL OR ${promoCoupons.timesRedeemed} < ${promoCoupons.maxRedemptions})`,
      ),
    )
    .returning({ code: promoCoupons.code });
  return rows.length > 0;
}
