import { describe, expect, it } from 'vitest';
import { formatRelativeTime, relativeTime } from './relative-time';

const NOW = Date.UTC(2024, 0, 31, 12, 0, 0);
const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

// Spec §9: "seconds under 60, minutes under 60, hours under 24, days under 7, weeks under 4, months under 12".
describe('relativeTime thresholds (past)', () => {
  it.each([
    ['now', 0, 0, 'second'],
    ['under a second', 999, 0, 'second'],
    ['59 s (seconds under 60)', 59 * S, -59, 'second'],
    ['60 s becomes minutes', 60 * S, -1, 'minute'],
    ['59 min (minutes under 60)', 59 * MIN + 59 * S, -59, 'minute'],
    ['60 min becomes hours', 60 * MIN, -1, 'hour'],
    ['89 min truncates to 1 hour', 89 * MIN, -1, 'hour'],
    ['23 h (hours under 24)', 23 * H + 59 * MIN, -23, 'hour'],
    ['24 h becomes days', 24 * H, -1, 'day'],
    ['6 days (days under 7)', 6 * D + 23 * H, -6, 'day'],
    ['7 days becomes weeks', 7 * D, -1, 'week'],
    ['27 days is 3 weeks (weeks under 4)', 27 * D, -3, 'week'],
    ['28 days becomes months, never 0 months', 28 * D, -1, 'month'],
    ['59 days is 1 month', 59 * D, -1, 'month'],
    ['60 days is 2 months', 60 * D, -2, 'month'],
    ['359 days is 11 months (months under 12)', 359 * D, -11, 'month'],
    ['360 days becomes years, never 0 years', 360 * D, -1, 'year'],
    ['730 days is 2 years', 730 * D, -2, 'year'],
  ] as const)('%s', (_name, ago, value, unit) => {
    expect(relativeTime(NOW - ago, NOW)).toEqual({ value, unit });
  });
});

describe('relativeTime for future dates', () => {
  it.each([
    [30 * S, 30, 'second'],
    [5 * MIN, 5, 'minute'],
    [2 * D, 2, 'day'],
    [14 * D, 2, 'week'],
    [90 * D, 3, 'month'],
    [400 * D, 1, 'year'],
  ] as const)('%i ms ahead -> %i %s', (ahead, value, unit) => {
    expect(relativeTime(NOW + ahead, NOW)).toEqual({ value, unit });
  });

  it('never returns negative zero', () => {
    expect(Object.is(relativeTime(NOW - 500, NOW).value, 0)).toBe(true);
  });

  it.each([
    [Number.NaN, NOW],
    [NOW, Number.POSITIVE_INFINITY],
  ])('rejects non-finite input %s, %s', (from, now) => {
    expect(() => relativeTime(from, now)).toThrow(RangeError);
  });
});

describe('formatRelativeTime', () => {
  it.each([
    [NOW - 5 * MIN, 'en', '5 minutes ago'],
    [NOW + 2 * D, 'en', 'in 2 days'],
    [NOW - 30 * S, 'en', '30 seconds ago'],
    [NOW - 3 * H, 'en', '3 hours ago'],
    [NOW - 1 * D, 'en', 'yesterday'],
    [NOW + 1 * D, 'en', 'tomorrow'],
    [NOW - 14 * D, 'en', '2 weeks ago'],
    [NOW - 60 * D, 'en', '2 months ago'],
    [NOW - 800 * D, 'en', '2 years ago'],
    [NOW, 'en', 'now'],
    [NOW - 5 * MIN, 'de', 'vor 5 Minuten'],
  ])('%i formats in %s as %j', (from, locale, expected) => {
    expect(formatRelativeTime(from, NOW, locale)).toBe(expected);
  });

  it('defaults to English', () => {
    expect(formatRelativeTime(NOW + 3 * H, NOW)).toBe('in 3 hours');
  });
});
