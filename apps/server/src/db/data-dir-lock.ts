import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export type DataDirLock = { release(): void };

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid}). ` +
        'Only one process can open it at a time: stop the server first, or run against PostgreSQL with DATABASE_URL.',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PGlite has no cross-process locking, and two writers corrupt its files: keep a pid lock beside them. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, '.vocalis.lock');
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (Number.isFinite(holder) && holder !== process.pid && isAlive(holder)) {
      throw new DataDirLockedError(dataDir, holder);
    }
    // Stale lock from a process that died: take it over.
    writeFileSync(file, String(process.pid));
  }
  return {
    release() {
      try {
        if (readFileSync(file, 'utf8') === String(process.pid)) rmSync(file);
      } catch {
        // already gone
      }
    },
  };
}
