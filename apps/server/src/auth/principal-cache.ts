/**
 * Admitted API-key callers by key hash, kept in memory so a hot read spends no SQL statement on who is
 * calling (issue 9, decision 041). Correctness rests on invalidation, not on the time to live:
 * - triggers on the tables the caller is read from (api_keys, user_profiles, workspaces,
 *   workspace_members: migration 0018) NOTIFY `vocalis_principal` on every change that could alter an
 *   admitted caller, from any process (other nodes, the admin CLI, psql); every cache empties on it;
 * - the writers in this process also empty it at once (`forgetPrincipals`), so the request after a
 *   revocation on the same node never sees the old caller, even before the notification arrives;
 * - a lookup that was in flight when the cache emptied is not stored (generation check);
 * - the cache only serves while its notification channel is up: a lost LISTEN connection empties and
 *   disables it until it is back.
 * The 30 s time to live only bounds memory and the effect of a notification lost in some way not foreseen.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppDb, Database } from '../db/client';
import { watchCache } from '../db/listen';
import { WatchedCache } from '../db/watched-cache';

export const PRINCIPAL_CHANNEL = 'vocalis_principal';
const caches = new WeakMap<AppDb, WatchedCache<unknown>>();
const all = new Set<WatchedCache<unknown>>();

/** The cache of callers read through `db` (one per database handle). */
export function principalCacheOf<T>(db: AppDb): WatchedCache<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new WatchedCache<unknown>();
    caches.set(db, cache);
    all.add(cache);
  }
  return cache as WatchedCache<T>;
}

/**
 * Empties every principal cache of this process. Writers that change a caller (key edits, account states,
 * tiers, memberships) call it after their write; the database's notification does the same for all nodes.
 */
export function forgetPrincipals(): void {
  for (const cache of all) cache.clear();
}

/** Empties the caller cache of `database.db` on every `vocalis_principal` notification; it serves only meanwhile. */
export function watchPrincipalChanges(database: Database, log: FastifyBaseLogger) {
  return watchCache(database, PRINCIPAL_CHANNEL, principalCacheOf(database.db), log);
}
