import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { E2E_DATA_DIR } from './e2e-env';

const run = promisify(execFile);
const ADMIN = path.resolve(import.meta.dirname, '../apps/server/src/admin.ts');

/** Runs `npm run admin -- …` against the e2e server (it goes through the server's admin socket). */
export async function admin(...argv: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', ADMIN, ...argv], {
    env: { PATH: process.env.PATH!, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: 'silent' },
  });
  return stdout.trim().split('\n').at(-1)!;
}
