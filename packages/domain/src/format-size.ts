/**
 * Size and count formatting (content-and-workspace.md §9): "Size formatting uses 1000 or 1024 units;
 * compact counts use K at 1000 and M at 1,000,000."
 */

/** Unit labels per base: SI (kB, MB, ...) for 1000, IEC (KiB, MiB, ...) for 1024. */
export const SIZE_UNITS = {
  1000: ['B', 'kB', 'MB', 'GB', 'TB'],
  1024: ['B', 'KiB', 'MiB', 'GiB', 'TiB'],
} as const;

/** The base a size is formatted in. */
export type SizeBase = keyof typeof SIZE_UNITS;

/** Three significant figures: two decimals under 10, one under 100, none from 100 up; zeros trimmed. */
function sizeDigits(value: number): string {
  const decimals = value < 10 ? 2 : value < 100 ? 1 : 0;
  return String(Number(value.toFixed(decimals)));
}

/**
 * `bytes` as '0 B', '999 B', '1.5 kB', '1.23 MiB', '123 GB' (three significant figures, trailing zeros
 * dropped, whole bytes). A value that rounds up to a whole next unit is shown in it (999,999 B at base
 * 1000 is '1 MB', not '1000 kB'). TB/TiB is the largest unit. Throws a RangeError on negative or
 * non-finite input.
 */
export function formatSize(bytes: number, opts: { base: SizeBase } = { base: 1000 }): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`Invalid size: ${bytes}`);
  const { base } = opts;
  const units = SIZE_UNITS[base];
  const whole = Math.round(bytes);
  if (whole < base) return `${whole} B`;
  let exponent = Math.min(Math.floor(Math.log(whole) / Math.log(base)), units.length - 1);
  // log() can land a hair either side of an exact power; settle the exponent with exact arithmetic.
  if (whole < base ** exponent) exponent--;
  else if (exponent < units.length - 1 && whole >= base ** (exponent + 1)) exponent++;
  let digits = sizeDigits(whole / base ** exponent);
  if (Number(digits) >= base && exponent < units.length - 1) {
    exponent++;
    digits = sizeDigits(whole / base ** exponent);
  }
  return `${digits} ${units[exponent]}`;
}

/**
 * A count in compact form: '999', '1K', '1.5K', '1M', '2.3M'. One decimal, rounded half up on the
 * absolute value, trailing '.0' dropped; a value that rounds to 1000K is shown as '1M' (999,999 →
 * '1M', 999,949 → '999.9K'). M is the largest suffix the spec names, so 1,500,000,000 is '1500M'.
 * Counts below 1000 are rounded to whole numbers. Negative counts keep their sign. Throws on non-finite.
 */
export function formatCompactCount(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`Invalid count: ${n}`);
  const sign = n < 0 ? '-' : '';
  const abs = Math.round(Math.abs(n));
  if (abs < 1000) return abs === 0 ? '0' : `${sign}${abs}`;
  // Work in whole tenths of the unit so 1050 is exactly 10.5 tenths of K, not a float near it.
  const kTenths = Math.round(abs / 100);
  if (abs < 1_000_000 && kTenths < 10_000) return `${sign}${kTenths / 10}K`;
  return `${sign}${Math.round(abs / 100_000) / 10}M`;
}
