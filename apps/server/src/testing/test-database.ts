import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { withDatabase } from './global-setup';

export type TestDatabase = { database: Database; url?: string; drop(): Promise<void> };

/** A fresh, migrated database for one suite: PGlite from the run's snapshot, or a PostgreSQL copy of the template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB === 'postgres') {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `vocalis_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    } finally {
      await admin.end();
    }
    const url = withDatabase(base, name);
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
    return {
      database,
      url,
      async drop() {
        await database.close();
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
  const database = await openDatabase({ kind: 'pglite', loadDataDir: snapshot });
  return { database, drop: () => database.close() };
}
