import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { zipStore } from './zip';

const hasUnzip = (() => {
  try {
    execFileSync('python3', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

describe('zipStore', () => {
  it.runIf(hasUnzip)('writes an archive that a standard zip reader extracts byte for byte', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'zip-'));
    try {
      const a = new Uint8Array([1, 2, 3, 255]);
      const b = new TextEncoder().encode('héllo wörld');
      writeFileSync(
        path.join(dir, 'a.zip'),
        zipStore([
          { name: 'one.mp3', data: a },
          { name: 'zwei_ä.txt', data: b },
        ]),
      );
      execFileSync(
        'python3',
        ['-c', `import zipfile;z=zipfile.ZipFile('a.zip');assert z.testzip() is None;z.extractall('out')`],
        { cwd: dir },
      );
      expect(new Uint8Array(readFileSync(path.join(dir, 'out', 'one.mp3')))).toEqual(a);
      expect(readFileSync(path.join(dir, 'out', 'zwei_ä.txt'), 'utf8')).toBe('héllo wörld');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes an empty archive as just the end record', () => {
    expect(zipStore([]).length).toBe(22);
  });
});
