import { describe, expect, it } from 'vitest';

import { dailyTotals, rangeWindow, totalsByKey } from './usage-series';

const stats = {
  time: [0, 86_400_000, 172_800_000],
  usage: { v1: [10, 0, 5], v2: [0, 0, 30], v3: [0, 0, 0] },
};

describe('usage series', () => {
  it('adds the series per day', () => {
    expect(dailyTotals(stats)).toEqual([
      { t: 0, value: 10 },
      { t: 86_400_000, value: 0 },
      { t: 172_800_000, value: 35 },
    ]);
  });

  it('totals each key, largest first, without empty keys', () => {
    expect(totalsByKey(stats)).toEqual([
      { key: 'v2', total: 30 },
      { key: 'v1', total: 15 },
    ]);
  });

  it('runs this billing period from one month before the next reset to now', () => {
    const now = Date.UTC(2026, 10, 22, 8);
    const reset = Date.UTC(2026, 11, 3, 0) / 1000;
    expect(rangeWindow('period', now, reset)).toEqual({ startMs: Date.UTC(2026, 10, 3, 0), endMs: now });
    expect(rangeWindow('7d', now, reset)).toEqual({ startMs: now - 6 * 86_400_000, endMs: now });
    expect(rangeWindow('period', now, null).startMs).toBe(now - 29 * 86_400_000);
  });
});
