/**
 * Relative-time display (accounts.md §9, content-and-workspace.md §9): "Relative-time display
 * thresholds: seconds under 60, minutes under 60, hours under 24, days under 7, weeks under 4, months
 * under 12" — and years beyond.
 *
 * Each count is truncated toward zero (89 minutes is "1 hour"), a month is 30 days and a year 365 days.
 * Because 4 weeks (28 days) and 12 months (360 days) fall short of a whole coarser unit, a month and a
 * year are never shown as 0: 28 days is "1 month", 360 days is "1 year".
 */

/** The unit chosen for a relative time. */
export type RelativeTimeUnit = 'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

/** A signed amount of one unit: negative in the past, positive in the future (Intl's convention). */
export type RelativeTime = { value: number; unit: RelativeTimeUnit };

/** The spec's thresholds: a unit is used while its count stays under the number given here. */
export const RELATIVE_TIME_THRESHOLDS = {
  second: 60,
  minute: 60,
  hour: 24,
  day: 7,
  week: 4,
  month: 12,
} as const;

const DAYS_PER_MONTH = 30;
const DAYS_PER_YEAR = 365;

/** The relative time of `fromMs` seen from `nowMs`, both epoch milliseconds. Throws on non-finite input. */
export function relativeTime(fromMs: number, nowMs: number): RelativeTime {
  if (!Number.isFinite(fromMs) || !Number.isFinite(nowMs))
    throw new RangeError('relativeTime needs finite timestamps');
  const diff = fromMs - nowMs;
  const sign = diff < 0 ? -1 : 1;
  const signed = (value: number, unit: RelativeTimeUnit): RelativeTime => ({
    value: value === 0 ? 0 : sign * value,
    unit,
  });

  const seconds = Math.floor(Math.abs(diff) / 1000);
  if (seconds < RELATIVE_TIME_THRESHOLDS.second) return signed(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < RELATIVE_TIME_THRESHOLDS.minute) return signed(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < RELATIVE_TIME_THRESHOLDS.hour) return signed(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < RELATIVE_TIME_THRESHOLDS.day) return signed(days, 'day');
  const weeks = Math.floor(days / 7);
  if (weeks < RELATIVE_TIME_THRESHOLDS.week) return signed(weeks, 'week');
  const months = Math.max(1, Math.floor(days / DAYS_PER_MONTH));
  if (months < RELATIVE_TIME_THRESHOLDS.month) return signed(months, 'month');
  return signed(Math.max(1, Math.floor(days / DAYS_PER_YEAR)), 'year');
}

/**
 * `relativeTime` as words through `Intl.RelativeTimeFormat` with `numeric: 'auto'`: '5 minutes ago',
 * 'in 2 days', and 'now' / 'yesterday' / 'tomorrow' / 'last week' where the locale has such words.
 */
export function formatRelativeTime(fromMs: number, nowMs: number, locale = 'en'): string {
  const { value, unit } = relativeTime(fromMs, nowMs);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(value, unit);
}
