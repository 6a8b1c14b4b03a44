import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { forgetReads } from './read-cache';
import { schema, type Schema } from './schema';
import { tapPgliteWrites, tapPoolWrites } from './write-tap';

export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number };

/** One handle over either embedded PGlite or a PostgreSQL server; callers never branch on which. */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: AppDb;
  /** A libpq connection string for libraries that open their own connections (graphile-worker, LISTEN). */
  connectionString(): Promise<string>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Only for tests and tooling: the embedded instance, to snapshot its data directory. */
  readonly pglite?: PGlite;
}

const MIGRATION_LOCK = 7_346_021;

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../drizzle');

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.kind === 'pglite' ? openPglite(opts) : openPostgres(opts);
}

async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  let lock: DataDirLock | undefined;
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    lock = acquireDataDirLock(opts.dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  } catch (err) {
    lock?.release();
    throw err;
  }
  // Writes through the app's handle empty the read caches at once (decision 043).
  const db = drizzlePglite(tapPgliteWrites(client, forgetReads), { schema }) as unknown as AppDb;
  let socket: PGLiteSocketServer | undefined;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async connectionString() {
      if (!socket) {
        // A loopback-only socket so graphile-worker (which needs a real connection) can share the
        // embedded database; queries from every connection are serialised by PGlite.
        socket = new PGLiteSocketServer({ db: client, host: '127.0.0.1', port: 0, maxConnections: 32 });
        await socket.start();
      }
      return `postgres://postgres@${socket.getServerConn()}/postgres?sslmode=disable`;
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await socket?.stop();
      await client.close();
      lock?.release();
    },
  };
}

async function openPostgres(opts: { url: string; poolSize?: number }): Promise<Database> {
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
  // An idle client that loses its server should not take the process down.
  pool.on('error', () => undefined);
  // Writes through the app's handle empty the read caches at once (decision 043).
  const db = drizzlePg(tapPoolWrites(pool, forgetReads), { schema }) as unknown as AppDb;
  return {
    kind: 'postgres',
    db,
    async connectionString() {
      return opts.url;
    },
    async migrate() {
      // Several nodes (or the admin CLI) may start at once: one migrates while the others wait.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}
