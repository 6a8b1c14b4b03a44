import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { AppDb, Database } from '../db/client';
import { schema } from '../db/schema';

/**
 * Counts the SQL statements the server sends to the database while it answers one request (tests of the
 * hot read paths: counts are stable where times are not). The app runs over a database handle whose client
 * is wrapped: every statement (BEGIN and COMMIT included) is recorded against the request being handled, by
 * an AsyncLocalStorage context entered for each incoming HTTP request. Work a request sets off without
 * awaiting it (a fire-and-forget write) counts too, as long as it starts before the answer is complete.
 */
type Recorder = { statements: string[] };
const current = new AsyncLocalStorage<Recorder>();

function record(text: unknown): void {
  current
    .getStore()
    ?.statements.push(String(typeof text === 'object' && text ? (text as { text?: string }).text : text));
}

/** A PGlite whose query/exec/transaction record what they send (BEGIN and COMMIT/ROLLBACK included). */
function countingPglite(client: PGlite): PGlite {
  const wrapTx = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (prop === 'query' || prop === 'exec' || prop === 'sql') {
          return (...args: unknown[]) => {
            record(args[0]);
            return (value as (...a: unknown[]) => unknown)(...args);
          };
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
        return (...args: unknown[]) => {
          record(args[0]);
          return fn.apply(target, args);
        };
      }
      if (prop === 'transaction') {
        return async (callback: (tx: Transaction) => Promise<unknown>) => {
          record('BEGIN');
          let failed = false;
          try {
            return await fn.call(target, (tx: Transaction) => callback(wrapTx(tx)));
          } catch (error) {
            failed = true;
            throw error;
          } finally {
            record(failed ? 'ROLLBACK' : 'COMMIT');
          }
        };
      }
      return fn.bind(target);
    },
  });
}

/** A pg Pool whose queries (its own and those of the clients it lends) are recorded. */
function countingPool(pool: pg.Pool): pg.Pool {
  const wrapClient = (client: pg.PoolClient): pg.PoolClient =>
    new Proxy(client, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function') return value;
        const fn = value as (...a: unknown[]) => unknown;
        if (prop === 'query') {
          return (...args: unknown[]) => {
            record(args[0]);
            return fn.apply(target, args);
          };
        }
        return fn.bind(target);
      },
    });
  return new Proxy(pool, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const fn = value as (...a: unknown[]) => unknown;
      if (prop === 'query') {
        return (...args: unknown[]) => {
          record(args[0]);
          return fn.apply(target, args);
        };
      }
      if (prop === 'connect') {
        return async () => wrapClient((await fn.call(target)) as pg.PoolClient);
      }
      return fn.bind(target);
    },
  });
}

/** The same database, with a drizzle handle over a counting client. */
export function countingDatabase(database: Database): Database {
  const db = (database.kind === 'pglite'
    ? drizzlePglite({ client: countingPglite((database.db as unknown as { $client: PGlite }).$client), schema })
    : drizzlePg({
        client: countingPool((database.db as unknown as { $client: pg.Pool }).$client),
        schema,
      })) as unknown as AppDb;
  return {
    kind: database.kind,
    db,
    pglite: database.pglite,
    connectionString: () => database.connectionString(),
    migrate: () => database.migrate(),
    ping: () => database.ping(),
    close: () => database.close(),
  };
}

/**
 * Handles each request the server receives inside its own recording context; `last()` answers the
 * statements of the latest request (send one request at a time).
 */
export function recordStatementsPerRequest(server: Server): { last(): string[] } {
  let latest: Recorder | undefined;
  for (const listener of server.listeners('request') as ((...a: unknown[]) => void)[]) {
    server.removeListener('request', listener);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      latest = { statements: [] };
      current.run(latest, () => listener(req, res));
    });
  }
  return { last: () => [...(latest?.statements ?? [])] };
}
