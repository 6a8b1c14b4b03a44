/**
 * A map kept only while a change notification channel is up, emptied on every change (the API-key caller
 * cache, decision 041, and the read cache, decision 043). `begin()` before a lookup and `set(key, value,
 * since)` after it: a lookup overtaken by a change is not kept. The time to live only bounds memory and the
 * effect of a notification lost in some way not foreseen.
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

export class WatchedCache<T> {
  private entries = new Map<string, { value: T; expires: number }>();
  private generation = 0;
  private watching = false;

  /** The cached value, or undefined (also while the change channel is down). */
  get(key: string, now = Date.now()): T | undefined {
    if (!this.watching) return undefined;
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  /** A token to pass to `set` after the lookup, so a lookup overtaken by a change is not kept. */
  begin(): number {
    return this.generation;
  }

  /** Keeps `value` (at most until `until`, ms since the epoch, when the value itself stops being true then). */
  set(key: string, value: T, since: number, now = Date.now(), until = Infinity): void {
    if (!this.watching || since !== this.generation || until <= now) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { value, expires: Math.min(now + TTL_MS, until) });
  }

  /** Updates a cached value in place (e.g. the last-used time this process wrote), if still there. */
  update(key: string, change: (value: T) => T): void {
    const hit = this.entries.get(key);
    if (hit) hit.value = change(hit.value);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  setWatching(on: boolean): void {
    this.clear();
    this.watching = on;
  }

  get size(): number {
    return this.entries.size;
  }
}
