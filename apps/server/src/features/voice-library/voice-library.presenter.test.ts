import { describe, expect, it } from 'vitest';
import { presentShareStats } from './voice-library.presenter';

describe('presentShareStats', () => {
  const now = new Date('2026-03-10T15:00:00Z');
  const since = new Date('2026-03-07T15:00:00Z');

  it('gives every day of the range, zeros included, and the sums', () => {
    const stats = presentShareStats('v1', '7d', since, now, false, {
      uses: [
        { day: '2026-03-08', uses: 2, characters: 90 },
        { day: '2026-03-10', uses: 1, characters: 10 },
      ],
      copies: [{ day: '2026-03-07', copies: 1 }],
    });
    expect(stats.days).toEqual([
      { date: '2026-03-07', uses: 0, characters: 0, copies: 1 },
      { date: '2026-03-08', uses: 2, characters: 90, copies: 0 },
      { date: '2026-03-09', uses: 0, characters: 0, copies: 0 },
      { date: '2026-03-10', uses: 1, characters: 10, copies: 0 },
    ]);
    expect(stats).toMatchObject({ uses: 3, characters: 100, copies: 1, start_unix: since.getTime() / 1000 });
  });
});
