/**
 * Seconds of a metered tool per workspace and monthly period (speech to text, sound effects): one row per
 * workspace with the seconds used and the period's end. The check and the debit are one UPDATE, so
 * concurrent requests never spend more than the plan allows; a period past its end starts again from zero.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppDb } from './client';
import type { soundEffectUsage } from './schema/sound-effects';
import type { transcriptionUsage } from './schema/transcripts';

/** The tables that count seconds this way (one shape: workspace_id, seconds_used, period_end). */
export type SecondsTable = typeof transcriptionUsage | typeof soundEffectUsage;

export interface SecondsMeter {
  /** Debits `seconds` unless that passes `limit` (-1: unlimited); the seconds used after, or null when refused. */
  debit(db: AppDb, workspaceId: string, seconds: number, limit: number): Promise<number | null>;
  /** Gives seconds back (a failed job, a refused request after the debit); never below zero. */
  refund(db: AppDb, workspaceId: string, seconds: number): Promise<void>;
  /** Seconds used in the current period (0 when the period has ended or none was used). */
  used(db: AppDb, workspaceId: string): Promise<number>;
}

export function secondsMeter(table: SecondsTable): SecondsMeter {
  // Both tables have the same columns; one type keeps drizzle's builders simple.
  const u = table as typeof transcriptionUsage;
  return {
    async debit(db, workspaceId, seconds, limit) {
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
    },
    async refund(db, workspaceId, seconds) {
      await db
        .update(u)
        .set({ secondsUsed: sql`greatest(0, ${u.secondsUsed} - ${seconds})` })
        .where(eq(u.workspaceId, workspaceId));
    },
    async used(db, workspaceId) {
      const [row] = await db
        .select({ used: sql<number>`case when ${u.periodEnd} <= now() then 0 else ${u.secondsUsed} end` })
        .from(u)
        .where(eq(u.workspaceId, workspaceId));
      return Number(row?.used ?? 0);
    },
  };
}
