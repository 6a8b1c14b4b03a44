import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// Issue 16: dependencies declared engines newer than the Node this project documents (geoip-lite,
// graphile-worker, cookie wanted Node ≥ 22), so `npm ci` warned EBADENGINE (decision 038).
const root = path.resolve(import.meta.dirname, '..');
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('the installed dependency tree', () => {
  it('runs on the oldest Node the project documents: every package in the lockfile accepts it', () => {
    const documented = json('package.json').engines.node as string;
    const oldest = semver.minVersion(documented)!.version;
    const lock = json('package-lock.json') as {
      packages: Record<string, { engines?: Record<string, string> | string[]; optional?: boolean }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([name]) => name !== '')
      .flatMap(([name, entry]) => {
        const node = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
        return node && !semver.satisfies(oldest, node) ? [`${name} wants node ${node}`] : [];
      });
    expect(oldest).toBe('20.19.0');
    expect(refusing).toEqual([]);
  });
});
