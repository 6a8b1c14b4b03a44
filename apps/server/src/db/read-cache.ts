/**
 * Rows of the hot reads (GET /v1/user, /v1/user/subscription, /v1/voices, /v1/history) kept in memory, so a
 * repeated read spends no SQL statement (issue 9, decision 043). Like the API-key caller cache (decision
 * 041) correctness rests on invalidation, not on the time to live, and it is coarse on purpose:
 * - any change to a table a cached read may use empties every read cache: in this process at once (the
 *   database client reports each writing statement and each COMMIT/ROLLBACK, db/write-tap.ts), in every
 *   process through the `vocalis_reads` notification (statement triggers on every table but the
 *   operational ones of UNCACHED_TABLES, migration 0023), so writers never have to remember the cache;
 * - a read that was in flight when the cache emptied is not stored (generation check);
 * - the cache serves only while its notification channel is up.
 * Only rows are cached, never answers: whatever depends on the clock (a due monthly reset, expiries) is
 * still computed per request from them. Cached values are shared between requests, so they are frozen in
 * tests (a caller that changes one fails there).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDb, Database } from './client';
import { watchCache } from './listen';
import { WatchedCache } from './watched-cache';

export const READS_CHANNEL = 'vocalis_reads';

const caches = new WeakMap<AppDb, WatchedCache<unknown>>();
const all = new Set<WeakRef<WatchedCache<unknown>>>();

/** The read cache of one database handle. */
export function readCacheOf(db: AppDb): WatchedCache<unknown> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new WatchedCache<unknown>();
    caches.set(db, cache);
    all.add(new WeakRef(cache));
  }
  return cache;
}

/** Empties every read cache of this process (the write tap calls it after each write). */
export function forgetReads(): void {
  for (const ref of all) {
    const cache = ref.deref();
    if (cache) cache.clear();
    else all.delete(ref);
  }
}

const freezeShared = process.env.NODE_ENV === 'test' || process.env.VITEST !== undefined;

function deepFreeze<T>(value: T): T {
  if (
    value &&
    typeof value === 'object' &&
    !Object.isFrozen(value) &&
    !(value instanceof Date) &&
    !ArrayBuffer.isView(value) // bytes cannot be frozen; a cached body is sent, never changed
  ) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

/**
 * `load()`'s value under `key`, from memory when this process has it and nothing changed since. `undefined`
 * and `null` are never cached. `until` says when a value read as of now stops being true (a monthly reset the read
 * applied, a month boundary it counted from): it is not served after that. Callers must not change what
 * they get.
 */
export async function cachedRead<T>(
  db: AppDb,
  key: string,
  load: () => Promise<T>,
  until?: (value: NonNullable<T>) => number,
): Promise<T> {
  const cache = readCacheOf(db);
  const hit = cache.get(key);
  if (hit !== undefined) return hit as T;
  const since = cache.begin();
  const value = await load();
  if (value === undefined || value === null) return value;
  const now = Date.now();
  cache.set(key, freezeShared ? deepFreeze(value) : value, since, now, until ? until(value) : Infinity);
  return value;
}

/** The start of the next calendar month in UTC (counts "this month" change then). */
export function nextUtcMonth(now = Date.now()): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** Empties the read cache of `database.db` on every `vocalis_reads` notification; it serves only meanwhile. */
export function watchReadChanges(database: Database, log: FastifyBaseLogger) {
  return watchCache(database, READS_CHANNEL, readCacheOf(database.db), log);
}
