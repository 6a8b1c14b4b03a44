// `npm test`: typecheck, lint, unit, integration (PGlite and PostgreSQL) and end-to-end tests.
// Every step runs even if an earlier one failed, so one run shows everything; the exit code is
// non-zero if any step failed, and the last line counts the tests as 'N passed, N failed'.
// Typecheck, lint and the web build run at once (each is one thread; their output is printed when each
// ends); then the unit tests; then the integration and end-to-end tests at once (decision 240).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const out = path.resolve('test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// Vitest with its console output, the JSON report (tests) and scripts/vitest-error-reporter.mjs (errors outside
// tests: failed hooks, suites that failed to load, unhandled errors).
const vitest = (project, name) => [
  'npx',
  'vitest',
  'run',
  '--project',
  project,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}/${name}.json`,
  '--reporter=./scripts/vitest-error-reporter.mjs',
];

const stages = [
  [
    { name: 'typecheck', cmd: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'] },
    { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings', '0'] },
    { name: 'build', cmd: ['npm', 'run', 'build'] },
  ],
  [
    {
      name: 'unit',
      cmd: vitest('unit', 'unit'),
      env: { VITEST_ERRORS_FILE: `${out}/unit-errors.json` },
      json: 'unit.json',
      errors: 'unit-errors.json',
    },
  ],
  [
    {
      name: 'integration',
      cmd: vitest('int:*', 'int'),
      env: { VITEST_ERRORS_FILE: `${out}/int-errors.json` },
      json: 'int.json',
      errors: 'int-errors.json',
    },
    // Beside the integration step (decision 240): the e2e step keeps about one core busy (its CPU seconds were
    // 0.95× its wall time), the integration step about 1.7 of the two, so together they finish far sooner.
    {
      name: 'e2e',
      cmd: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts'],
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json` },
      json: 'e2e.json',
    },
  ],
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
          const error = t.results?.at(-1)?.error;
          // Playwright's message names the assertion; its next lines name the locator and the timeout, and the
          // location is the failing line of the spec: all of it is needed to act on a CI log.
          const where = error?.location
            ? ` (at ${path.basename(error.location.file)}:${error.location.line})`
            : '';
          failures.push(
            `${step}: ${spec.file}:${spec.line} › ${spec.title}${where}\n      ${firstLines(error?.message ?? '', 4)}`,
          );
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
      failures.push(`${step}: ${rel} › ${a.fullName}\n      ${firstLines(a.failureMessages?.[0] ?? '', 3)}`);
    }
    if (failedTests.length === 0 && file.status === 'failed') {
      failures.push(`${step}: ${rel} (file failed)\n      ${firstLines(file.message ?? '', 3)}`);
    }
  }
}

// The slowest files of a step, so a CI log shows where its time went (vitest: per file; Playwright: per spec).
const slowest = [];
function collectSlowest(step, r) {
  const files = r.suites
    ? r.suites.map((suite) => {
        let ms = 0;
        const walk = (s) => {
          for (const spec of s.specs ?? [])
            for (const t of spec.tests ?? []) for (const res of t.results ?? []) ms += res.duration ?? 0;
          for (const child of s.suites ?? []) walk(child);
        };
        walk(suite);
        return { file: suite.file, ms };
      })
    : (r.testResults ?? []).map((f) => ({
        file: path.relative(process.cwd(), f.name),
        ms: (f.endTime ?? 0) - (f.startTime ?? 0),
      }));
  const top = files.sort((a, b) => b.ms - a.ms).slice(0, 8);
  if (top.length)
    slowest.push(`${step}: ${top.map((f) => `${f.file} ${(f.ms / 1000).toFixed(0)} s`).join(', ')}`);
}

function firstLines(text, count) {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .slice(0, count)
      .map((l) => l.trim().slice(0, 400))
      .join('\n      ')
  );
}

/** Runs a step; alone, its output streams through; beside others, it is held and printed when it ends. */
function run(step, alone) {
  const started = Date.now();
  if (alone) console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(step.cmd[0], step.cmd.slice(1), {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    });
    const held = [];
    child.stdout?.on('data', (d) => held.push(d));
    child.stderr?.on('data', (d) => held.push(d));
    child.on('close', (code) => {
      if (!alone) {
        console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
        process.stdout.write(Buffer.concat(held));
      }
      resolve({ ok: code === 0, seconds: (Date.now() - started) / 1000 });
    });
  });
}

function record(step, { ok, seconds }) {
  const file = step.json && path.join(out, step.json);
  if (file && existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    collectFailures(step.name, r);
    collectSlowest(step.name, r);
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
      failures.push(
        `${step.name}: ${e.file} (${e.scope}) ${e.error}${e.at.map((l) => `\n        ${l}`).join('')}`,
      );
    }
  }
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${step.name} (${seconds.toFixed(1)} s)`);
}

// CPU seconds of the finished children (Linux): with the wall time, how busy a step kept the machine's cores.
function childCpuSeconds() {
  if (!existsSync('/proc/self/stat')) return null;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime, in clock ticks of 10 ms
}

for (const stage of stages) {
  const cpuBefore = childCpuSeconds();
  const results = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  stage.forEach((step, i) => record(step, results[i]));
  const cpuAfter = childCpuSeconds();
  if (cpuBefore !== null && cpuAfter !== null)
    summary[summary.length - 1] += `, stage CPU ${(cpuAfter - cpuBefore).toFixed(0)} s`;
}
if (slowest.length > 0) console.log(`\nSlowest files:\n${slowest.map((l) => `  ${l}`).join('\n')}`);
if (failures.length > 0) console.log(`\nFailed tests:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${summary.join('\n')}`);
const anyFailed = summary.some((s) => s.startsWith('FAIL'));
if (anyFailed && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(anyFailed ? 1 : 0);
