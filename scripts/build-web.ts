import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * `npm start` builds the web app once, and again only when what the build reads has changed: the web
 * app's sources and config, the packages it imports (contracts, domain), and the lockfile (dependency
 * versions). Their hash is stamped into apps/web/dist after a build that succeeded; a start that finds
 * the same hash there skips vite. Test files are left out (they are not in the bundle).
 */
export const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite.widget.config.ts',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
];
export const STAMP = 'apps/web/dist/.source-hash';
const BUILT_PAGE = 'apps/web/dist/index.html';

const isTest = (file: string) => /\.test\.[cm]?[jt]sx?$/.test(file);

/** Every file under the inputs (relative, '/'-separated, sorted), test files and node_modules left out. */
function inputFiles(root: string): string[] {
  const files: string[] = [];
  for (const input of WEB_INPUTS) {
    const full = path.join(root, input);
    if (!existsSync(full)) continue;
    if (!statSync(full).isDirectory()) {
      files.push(input);
      continue;
    }
    for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const rel = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (rel.includes('/node_modules/') || isTest(rel)) continue;
      files.push(rel);
    }
  }
  return files.sort();
}

/** The hash of what the web build reads: each input file's path and bytes. */
export function webSourceHash(root: string): string {
  const hash = createHash('sha256');
  for (const file of inputFiles(root)) {
    hash.update(file).update('\0');
    hash.update(readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex');
}

/** Builds the web app unless apps/web/dist already holds a build of these exact sources. */
export function buildWebOnce(
  root: string,
  build: () => void,
  options: { force?: boolean; log?: (line: string) => void } = {},
): 'built' | 'up to date' {
  const log = options.log ?? (() => undefined);
  const hash = webSourceHash(root);
  const stamp = path.join(root, STAMP);
  const current =
    existsSync(stamp) && existsSync(path.join(root, BUILT_PAGE)) ? readFileSync(stamp, 'utf8').trim() : null;
  if (!options.force && current === hash) {
    log(`web app up to date (sources ${hash.slice(0, 12)}), not rebuilding`);
    return 'up to date';
  }
  log(current ? 'web app sources changed: building' : 'no web build yet: building');
  build(); // vite empties dist first, so a failed build leaves no stamp behind
  writeFileSync(stamp, `${hash}\n`);
  return 'built';
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  buildWebOnce(
    root,
    () => execFileSync('npm', ['run', 'build', '-w', '@vocalis/web'], { cwd: root, stdio: 'inherit' }),
    { force: process.argv.includes('--force'), log: (line) => console.log(`[build-web] ${line}`) },
  );
}
