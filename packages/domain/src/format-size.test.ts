import { describe, expect, it } from 'vitest';
import { formatCompactCount, formatSize } from './format-size';

// Spec §9: "Size formatting uses 1000 or 1024 units".
describe('formatSize with base 1000 (kB, MB, GB, TB)', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [999, '999 B'],
    [999.4, '999 B'],
    [999.6, '1 kB'],
    [1000, '1 kB'],
    [1024, '1.02 kB'],
    [1500, '1.5 kB'],
    [12_345, '12.3 kB'],
    [123_456, '123 kB'],
    [999_499, '999 kB'],
    [999_999, '1 MB'],
    [1_000_000, '1 MB'],
    [1_234_567, '1.23 MB'],
    [9_999_000, '10 MB'],
    [1e9, '1 GB'],
    [1e12, '1 TB'],
    [2.5e15, '2500 TB'],
  ])('%d bytes -> %s', (bytes, expected) => {
    expect(formatSize(bytes, { base: 1000 })).toBe(expected);
  });

  it('uses base 1000 by default', () => {
    expect(formatSize(1500)).toBe('1.5 kB');
  });
});

describe('formatSize with base 1024 (KiB, MiB, GiB, TiB)', () => {
  it.each([
    [0, '0 B'],
    [1000, '1000 B'],
    [1023, '1023 B'],
    [1024, '1 KiB'],
    [1536, '1.5 KiB'],
    [1_048_575, '1 MiB'],
    [1_048_576, '1 MiB'],
    [5 * 1024 ** 2 + 300 * 1024, '5.29 MiB'],
    [1024 ** 3, '1 GiB'],
    [1024 ** 4, '1 TiB'],
    [3 * 1024 ** 5, '3072 TiB'],
  ])('%d bytes -> %s', (bytes, expected) => {
    expect(formatSize(bytes, { base: 1024 })).toBe(expected);
  });
});

describe('formatSize rejects invalid sizes', () => {
  it.each([[-1], [-0.5], [Number.NaN], [Number.POSITIVE_INFINITY]])('%d throws', (bytes) => {
    expect(() => formatSize(bytes, { base: 1000 })).toThrow(RangeError);
  });
});

// Spec §9: "compact counts use K at 1000 and M at 1,000,000".
describe('formatCompactCount', () => {
  it.each([
    [0, '0'],
    [1, '1'],
    [999, '999'],
    [999.4, '999'],
    [999.5, '1K'],
    [1000, '1K'],
    [1049, '1K'],
    [1050, '1.1K'],
    [1500, '1.5K'],
    [12_345, '12.3K'],
    [999_949, '999.9K'],
    [999_950, '1M'],
    [999_999, '1M'],
    [1_000_000, '1M'],
    [2_345_678, '2.3M'],
    [1_500_000_000, '1500M'],
    [-1500, '-1.5K'],
    [-0.2, '0'],
  ])('%d -> %s', (n, expected) => {
    expect(formatCompactCount(n)).toBe(expected);
  });

  it.each([[Number.NaN], [Number.NEGATIVE_INFINITY]])('%d throws', (n) => {
    expect(() => formatCompactCount(n)).toThrow(RangeError);
  });
});
