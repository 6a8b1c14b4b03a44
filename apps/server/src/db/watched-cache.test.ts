import { describe, expect, it } from 'vitest';
import { WatchedCache } from './watched-cache';

describe('a cache kept only while changes are heard (decisions 041, 043)', () => {
  it('serves nothing until watching, and empties when watching stops', () => {
    const c = new WatchedCache<number>();
    c.set('a', 1, c.begin());
    expect(c.get('a')).toBeUndefined();
    c.setWatching(true);
    c.set('a', 1, c.begin());
    expect(c.get('a')).toBe(1);
    c.setWatching(false);
    expect(c.get('a')).toBeUndefined();
  });

  it('does not keep a lookup that a change overtook', () => {
    const c = new WatchedCache<number>();
    c.setWatching(true);
    const since = c.begin();
    c.clear(); // a change while the lookup was in flight
    c.set('a', 1, since);
    expect(c.get('a')).toBeUndefined();
  });

  it('stops serving a value at its own end, and at the time to live', () => {
    const c = new WatchedCache<number>();
    c.setWatching(true);
    c.set('soon', 1, c.begin(), 1_000, 1_500);
    expect(c.get('soon', 1_499)).toBe(1);
    expect(c.get('soon', 1_500)).toBeUndefined();
    c.set('past', 2, c.begin(), 1_000, 900);
    expect(c.get('past', 1_000)).toBeUndefined();
    c.set('long', 3, c.begin(), 1_000);
    expect(c.get('long', 30_999)).toBe(3);
    expect(c.get('long', 31_000)).toBeUndefined();
  });
});
