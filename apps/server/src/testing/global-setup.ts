import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrateJobs } from '../jobs/runner';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string;
  }
}

/**
 * Prepares one migrated database per run so each suite starts from a copy instead of migrating:
 * a PGlite data-dir snapshot, or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const log = pino({ level: 'silent' });
  const kind = process.env.TEST_DB ?? project.config.env?.TEST_DB;
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL ?? String(project.config.env?.TEST_DATABASE_URL);
    const template = `vocalis_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const db = await openDatabase({ kind: 'postgres', url: withDatabase(url, template), poolSize: 2 });
    await db.migrate();
    await migrateJobs(db, log);
    await db.close();
    project.provide('postgresTemplate', template);
    project.provide('pgliteSnapshot', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const db = await openDatabase({ kind: 'pglite' });
  await db.migrate();
  await migrateJobs(db, log);
  const dump = await db.pglite!.dumpDataDir('none');
  await db.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vocalis-snap-'));
  const file = path.join(dir, 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
