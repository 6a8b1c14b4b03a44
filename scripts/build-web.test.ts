import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildWebOnce, STAMP, webSourceHash } from './build-web';

let root: string;
let builds: number;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
/** Stands in for vite: empties dist and writes the page. */
const build = () => {
  builds++;
  rmSync(path.join(root, 'apps/web/dist'), { recursive: true, force: true });
  write('apps/web/dist/index.html', '<html></html>');
};
const start = (force = false) => buildWebOnce(root, build, { force });

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'build-web-'));
  builds = 0;
  write('apps/web/src/main.tsx', 'render()');
  write('apps/web/src/main.test.tsx', 'test()');
  write('apps/web/index.html', '<div id="root"></div>');
  write('packages/domain/src/plans.ts', 'export const A = 1;');
  write('package-lock.json', '{"lockfileVersion":3}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start builds the web app once (scripts/build-web.ts)', () => {
  it('builds on the first start and not on the next ones', () => {
    expect(start()).toBe('built');
    expect(start()).toBe('up to date');
    expect(start()).toBe('up to date');
    expect(builds).toBe(1);
  });

  it('builds again when a web source, an imported package or the lockfile changes', () => {
    start();
    write('apps/web/src/main.tsx', 'render(2)');
    expect(start()).toBe('built');
    write('packages/domain/src/plans.ts', 'export const A = 2;');
    expect(start()).toBe('built');
    write('package-lock.json', '{"lockfileVersion":3,"x":1}');
    expect(start()).toBe('built');
    write('apps/web/src/new-file.ts', 'export {}');
    expect(start()).toBe('built');
    expect(builds).toBe(5);
  });

  it('does not rebuild for a changed test file', () => {
    start();
    write('apps/web/src/main.test.tsx', 'test(2)');
    expect(start()).toBe('up to date');
  });

  it('builds again when dist is gone or its build never finished, and on --force', () => {
    start();
    rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(start()).toBe('built');
    rmSync(path.join(root, 'apps/web/dist/index.html'));
    expect(start()).toBe('built');
    expect(start(true)).toBe('built');
    expect(builds).toBe(4);
  });

  it('stamps dist with the hash of the sources it was built from', async () => {
    start();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path.join(root, STAMP), 'utf8').trim()).toBe(webSourceHash(root));
  });

  it('does not stamp a build that failed', () => {
    expect(() =>
      buildWebOnce(root, () => {
        throw new Error('vite failed');
      }),
    ).toThrow('vite failed');
    expect(start()).toBe('built');
  });
});
