import type { CharacterStatsResponse } from '@vocalis/contracts/billing';

const DAY_MS = 86_400_000;

export type RangeKind = 'period' | '7d' | '30d' | '90d';

export const RANGE_LABELS: Readonly<Record<RangeKind, string>> = {
  period: 'This billing period',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};

/**
 * The window a range covers, in ms. "This billing period" runs from one month before the next
 * character reset to now (characters reset monthly, billing.md §3 character_refresh_period).
 */
export function rangeWindow(
  kind: RangeKind,
  nowMs: number,
  nextResetUnix: number | null,
): { startMs: number; endMs: number } {
  const endMs = nowMs;
  if (kind === 'period' && nextResetUnix) {
    const reset = new Date(nextResetUnix * 1000);
    const start = Date.UTC(
      reset.getUTCFullYear(),
      reset.getUTCMonth() - 1,
      reset.getUTCDate(),
      reset.getUTCHours(),
      reset.getUTCMinutes(),
    );
    return { startMs: Math.min(start, nowMs), endMs };
  }
  const days = kind === '7d' ? 7 : kind === '90d' ? 90 : 30;
  return { startMs: nowMs - (days - 1) * DAY_MS, endMs };
}

export type DayPoint = { t: number; value: number };

/** Characters per bucket, all series added up. */
export function dailyTotals(stats: CharacterStatsResponse): DayPoint[] {
  const series = Object.values(stats.usage);
  return stats.time.map((t, i) => ({ t, value: series.reduce((sum, s) => sum + (s[i] ?? 0), 0) }));
}

export type KeyTotal = { key: string; total: number };

/** Each breakdown key's total over the window, largest first, zero totals left out. */
export function totalsByKey(stats: CharacterStatsResponse): KeyTotal[] {
  return Object.entries(stats.usage)
    .map(([key, values]) => ({ key, total: values.reduce((a, b) => a + b, 0) }))
    .filter((row) => row.total > 0)
    .sort((a, b) => b.total - a.total || a.key.localeCompare(b.key));
}
