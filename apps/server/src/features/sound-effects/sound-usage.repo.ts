/**
 * Sound-effect seconds per workspace and monthly period (decision 104): the check and the debit are one
 * UPDATE, so concurrent requests never spend more than the plan allows; a period past its end starts at zero.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { soundEffectUsage as u } from '../../db/schema/sound-effects';

/** Debits `seconds` unless that passes `limit` (-1: unlimited); the seconds used after, or null when refused. */
export async function debitSfxSeconds(
  db: AppDb,
  workspaceId: string,
  seconds: number,
  limit: number,
): Promise<number | null> {
  await db
    .insert(u)
    .values({ workspaceId, secondsUsed: 0, periodEnd: sql`now() + interval '1 month'` })
    .onConflictDoNothing();
  const due = sql`${u.periodEnd} <= now()`;
  const next = sql`(case when ${due} then 0 else ${u.secondsUsed} end) + ${seconds}`;
  const [row] = await db
    .update(u)
    .set({
      secondsUsed: next,
      periodEnd: sql`case when ${due} then now() + interval '1 month' else ${u.periodEnd} end`,
    })
    .where(and(eq(u.workspaceId, workspaceId), limit < 0 ? undefined : sql`${next} <= ${limit}`))
    .returning({ used: u.secondsUsed });
  return row ? row.used : null;
}

/** Gives seconds back (a failed generation). */
export async function refundSfxSeconds(db: AppDb, workspaceId: string, seconds: number): Promise<void> {
  await db
    .update(u)
    .set({ secondsUsed: sql`greatest(0, ${u.secondsUsed} - ${seconds})` })
    .where(eq(u.workspaceId, workspaceId));
}

/** Seconds used in the current period (0 when the period has ended or none was used). */
export async function sfxSecondsUsed(db: AppDb, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<number>`case when ${u.periodEnd} <= now() then 0 else ${u.secondsUsed} end` })
    .from(u)
    .where(eq(u.workspaceId, workspaceId));
  return Number(row?.used ?? 0);
}
