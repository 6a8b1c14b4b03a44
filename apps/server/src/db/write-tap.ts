/**
 * Tells this process when it has changed data that cached reads may hold (decision 043). The database
 * handle's client is wrapped: after every statement that may write a cached table, and after every COMMIT
 * or ROLLBACK, `onWrite` runs. Together with the `vocalis_reads` notification (other processes, psql) this
 * lets a read cache serve a request that follows a write on the same node with what was written.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

/**
 * Tables whose rows no cached read uses: operational bookkeeping written on hot or periodic paths (node
 * heartbeats, rate limits, session activity, outboxes). Writes to them neither empty the caches here nor
 * notify (migration 0023 gives every other table the trigger). A cached read must never read these.
 */
export const UNCACHED_TABLES = [
  'server_nodes',
  'rate_limits',
  'sessions',
  'verifications',
  'jwks',
  'mail_messages',
  'sms_messages',
  'device_fingerprints',
  'ad_visits',
  'billing_idempotency_keys',
  'billing_webhook_events',
  'saml_assertion_replays',
] as const;

const uncached = new Set<string>(UNCACHED_TABLES);
const WRITE_WORD = /\b(insert|update|delete|truncate|merge|alter|create|drop|copy|call|do)\b/i;
const SIMPLE_WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/i;
const END_OF_TRANSACTION = /^\s*(commit|rollback|end)\b/i;

/** Whether a statement may have changed a cached table (when unsure: yes). */
export function mayChangeCachedData(text: string): boolean {
  if (END_OF_TRANSACTION.test(text)) return true;
  if (!WRITE_WORD.test(text)) return false;
  const simple = SIMPLE_WRITE.exec(text);
  return !(simple && uncached.has(simple[1]!.toLowerCase()));
}

const textOf = (query: unknown): string =>
  Array.isArray(query) // a tagged template's strings (PGlite's sql``)
    ? query.join('$')
    : typeof query === 'string'
      ? query
      : typeof query === 'object' && query && typeof (query as { text?: unknown }).text === 'string'
        ? (query as { text: string }).text
        : '';

/** Runs `onWrite` once `run` settles, if `text` may have changed cached data. */
function after<T>(text: string, run: () => T, onWrite: () => void): T {
  if (!mayChangeCachedData(text)) return run();
  const result = run();
  if (result && typeof (result as { then?: unknown }).then === 'function') {
    const done = () => onWrite();
    (result as unknown as Promise<unknown>).then(done, done);
  } else {
    onWrite();
  }
  return result;
}

/** A pg Pool whose statements (its own and those of the clients it lends) report writes. */
export function tapPoolWrites(pool: pg.Pool, onWrite: () => void): pg.Pool {
  const wrapClient = (client: pg.PoolClient): pg.PoolClient =>
    new Proxy(client, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function') return value;
        const fn = value as (...a: unknown[]) => unknown;
        if (prop === 'query')
          return (...args: unknown[]) => after(textOf(args[0]), () => fn.apply(target, args), onWrite);
        return fn.bind(target);
      },
    });
  return new Proxy(pool, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const fn = value as (...a: unknown[]) => unknown;
      if (prop === 'query')
        return (...args: unknown[]) => after(textOf(args[0]), () => fn.apply(target, args), onWrite);
      if (prop === 'connect') return async () => wrapClient((await fn.call(target)) as pg.PoolClient);
      return fn.bind(target);
    },
  });
}

/** A PGlite whose query/exec and transactions report writes (a transaction once more when it ends). */
export function tapPgliteWrites(client: PGlite, onWrite: () => void): PGlite {
  const wrapTx = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (prop === 'query' || prop === 'exec' || prop === 'sql') {
          const fn = value as (...a: unknown[]) => unknown;
          return (...args: unknown[]) => after(textOf(args[0]), () => fn.apply(target, args), onWrite);
        }
        return value;
      },
    });
  return new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const fn = value as (...a: unknown[]) => unknown;
      if (prop === 'query' || prop === 'exec') {
        return (...args: unknown[]) => after(textOf(args[0]), () => fn.apply(target, args), onWrite);
      }
      if (prop === 'transaction') {
        return (callback: (tx: Transaction) => Promise<unknown>) =>
          after('COMMIT', () => fn.call(target, (tx: Transaction) => callback(wrapTx(tx))), onWrite);
      }
      return fn.bind(target);
    },
  });
}
