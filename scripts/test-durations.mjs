// Records how long each test file took in the last `npm test` (test-results/unit.json and int.json) into
// scripts/test-durations.json, which orders the next runs longest first (scripts/longest-first-sequencer.ts).
// Run it after a full run on a quiet machine and commit the file; a file's time is its longest over projects.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const target = path.resolve('scripts/test-durations.json');
const durations = {};
for (const name of ['unit.json', 'int.json']) {
  const file = path.resolve('test-results', name);
  if (!existsSync(file)) continue;
  for (const f of JSON.parse(readFileSync(file, 'utf8')).testResults ?? []) {
    const rel = path.relative(process.cwd(), f.name);
    const s = Math.round(((f.endTime ?? 0) - (f.startTime ?? 0)) / 100) / 10;
    durations[rel] = Math.max(durations[rel] ?? 0, s);
  }
}
if (Object.keys(durations).length === 0) {
  console.error('no test-results/unit.json or int.json: run npm test first');
  process.exit(1);
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(target, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} files recorded in ${path.relative(process.cwd(), target)}`);
