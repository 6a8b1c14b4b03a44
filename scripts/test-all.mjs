// `npm test`: typecheck, lint, unit, integration (PGlite and PostgreSQL) and end-to-end tests.
// Every step runs even if an earlier one failed, so one run shows everything; the exit code is
// non-zero if any step failed, and the last line counts the tests as 'N passed, N failed'.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve('test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// Vitest with its console output, the JSON report (tests) and scripts/vitest-error-reporter.mjs (errors outside
// tests: failed hooks, suites that failed to load, unhandled errors).
const vitest = (project, name) => [
  'npx', 'vitest', 'run', '--project', project, '--reporter=default', '--reporter=json',
  `--outputFile.json=${out}/${name}.json`, '--reporter=./scripts/vitest-error-reporter.mjs',
];

const steps = [
  { name: 'typecheck', cmd: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings', '0'] },
  { name: 'unit', cmd: vitest('unit', 'unit'), env: { VITEST_ERRORS_FILE: `${out}/unit-errors.json` }, json: 'unit.json', errors: 'unit-errors.json' },
  { name: 'integration', cmd: vitest('int:*', 'int'), env: { VITEST_ERRORS_FILE: `${out}/int-errors.json` }, json: 'int.json', errors: 'int-errors.json' },
  { name: 'build', cmd: ['npm', 'run', 'build'] },
  { name: 'e2e', cmd: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json` }, json: 'e2e.json' },
];

let passed = 0;
let failed = 0;
const summary = [];
const failures = [];

// Names and first message lines of failed tests, so the last lines of a CI log are enough to act on.
function collectFailures(step, r) {
  if (r.suites) {
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status !== 'unexpected') continue;
          const err = t.results?.at(-1)?.error?.message ?? '';
          failures.push(`${step}: ${spec.file}:${spec.line} › ${spec.title}\n      ${firstLine(err)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const s of r.suites) walk(s);
    return;
  }
  for (const file of r.testResults ?? []) {
    const rel = path.relative(process.cwd(), file.name);
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests) {
      failures.push(`${step}: ${rel} › ${a.fullName}\n      ${firstLine(a.failureMessages?.[0] ?? '')}`);
    }
    if (failedTests.length === 0 && file.status === 'failed') {
      failures.push(`${step}: ${rel} (file failed)\n      ${firstLine(file.message ?? '')}`);
    }
  }
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim() !== '')?.slice(0, 400) ?? '';
}
for (const step of steps) {
  const started = Date.now();
  console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
  const res = spawnSync(step.cmd[0], step.cmd.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
  const ok = res.status === 0;
  const file = step.json && path.join(out, step.json);
  if (file && existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    collectFailures(step.name, r);
    if (r.stats) {
      passed += r.stats.expected + r.stats.flaky;
      failed += r.stats.unexpected;
    } else {
      passed += r.numPassedTests;
      failed += r.numFailedTests;
    }
  } else if (!ok) {
    failed += 1;
  }
  const errorsFile = step.errors && path.join(out, step.errors);
  if (errorsFile && existsSync(errorsFile)) {
    for (const e of JSON.parse(readFileSync(errorsFile, 'utf8'))) {
      failures.push(`${step.name}: ${e.file} (${e.scope}) ${e.error}${e.at.map((l) => `\n        ${l}`).join('')}`);
    }
  }
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${step.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
if (failures.length > 0) console.log(`\nFailed tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${summary.join('\n')}`);
const anyFailed = summary.some((s) => s.startsWith('FAIL'));
if (anyFailed && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(anyFailed ? 1 : 0);
