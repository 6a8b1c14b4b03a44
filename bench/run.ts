// `npm run bench`: measures request throughput of Vocalis against a bare Fastify hello-world in the
// same run, and writes docs/benchmarks.md. BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 10).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { PREMADE_VOICES } from '../apps/server/src/features/voices/voice-catalogue';
import { freePort } from '../apps/server/src/testing/free-port';
import { benchSpeechConcurrency, writeSpeechConcurrencySection } from './speech-concurrency';
import { benchServerSpeech, benchSpeechServer, writeServerSpeechSection } from './speech-server';
import {
  countHotReadStatements,
  hotReadsSection,
  measureHotReads,
  writeHotReadsSection,
  type HotRead,
} from './hot-reads';

const root = path.resolve(import.meta.dirname, '..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
// BENCH_ONLY=hot-reads: only the hello-world and the hot authenticated reads (bench/hot-reads.ts).
const onlyHotReads = process.env.BENCH_ONLY === 'hot-reads';
// BENCH_ONLY=speech-server: only speech through the PostgreSQL server (first byte, RTF per engine, 8 at once).
const onlySpeechServer = process.env.BENCH_ONLY === 'speech-server';
const hotReads: HotRead[] = [];

async function waitUp(url: string) {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never came up`);
}

function node(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, script)], {
    env: { PATH: process.env.PATH!, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function admin(env: Record<string, string>, ...argv: string[]): string {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/admin.ts'), ...argv],
    {
      env: { PATH: process.env.PATH!, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  return out.toString().trim().split('\n').at(-1)!;
}

// A fresh server makes the voice previews in the background after it starts listening; measure the
// steady state, not that warm-up.
async function previewsDone(dataDir: string) {
  const dir = path.join(dataDir, 'files', 'voice-previews');
  for (let i = 0; i < 600; i++) {
    if (existsSync(dir) && readdirSync(dir).filter((f) => f.endsWith('.mp3')).length >= PREMADE_VOICES.length)
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('voice previews were not generated within 5 minutes');
}

type Row = { target: string; rps: number; p50: number; p99: number; errors: number };

async function measure(target: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  await autocannon({ url, connections, duration: 2, headers }); // warm-up
  const r = await autocannon({ url, connections, duration, headers });
  const errors = r.errors + r.non2xx;
  console.log(
    `${target}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${errors}`,
  );
  return { target, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors };
}

async function benchVocalis(
  label: string,
  env: Record<string, string>,
  more?: (base: string, key: string) => Promise<string>,
): Promise<{ rows: Row[]; more: string }> {
  admin(env, 'create-user', '--email', 'bench@example.com', '--password', 'bench-password-1', '--verified');
  const key = admin(env, 'create-api-key', '--email', 'bench@example.com');
  // Enterprise: unlimited characters and 15 generations at once, so the speech runs are not refused.
  if (more) admin(env, 'set-plan', '--email', 'bench@example.com', '--tier', 'enterprise');
  for (let i = 0; i < 20; i++)
    admin(env, 'notify', '--email', 'bench@example.com', '--title', `Bench message ${i}`);
  const statements = onlySpeechServer ? new Map<string, number>() : await countHotReadStatements(env, key);
  const port = await freePort();
  const server = node('apps/server/src/api.ts', {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUp(`${base}/readyz`);
    await previewsDone(env.DATA_DIR!);
    if (onlySpeechServer) return { rows: [], more: more ? await more(base, key) : '' };
    const rows = [
      await measure(`Vocalis (${label}) GET /healthz`, `${base}/healthz`),
      await measure(`Vocalis (${label}) GET /v1/messages (xi-api-key, 20 rows)`, `${base}/v1/messages`, {
        'xi-api-key': key,
      }),
    ];
    hotReads.push(...(await measureHotReads(label, base, key, statements, measure)));
    return { rows, more: more && !onlyHotReads ? await more(base, key) : '' };
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
}

/** BENCH_ONLY=speech-server: one PostgreSQL server, its speech measured, that section of the report rewritten. */
async function mainSpeechServer() {
  const pgBase = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const db = new pg.Client({ connectionString: pgBase });
  await db.connect();
  const name = `vocalis_bench_${Date.now()}`;
  await db.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vocalis-bench-pg-'));
  const note = `Command: \`BENCH_ONLY=speech-server npm run bench\` (BENCH_TTFB_SAMPLES=${process.env.BENCH_TTFB_SAMPLES ?? 20}), ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)} at the start (the machine was shared with other work).`;
  try {
    const r = await benchVocalis(
      'PostgreSQL',
      { DATA_DIR: dir, DATABASE_URL: url.toString(), WEB_DIST_DIR: path.join(dir, 'none') },
      (base, key) =>
        benchServerSpeech({ base, key, databaseUrl: url.toString(), userEmail: 'bench@example.com' }, note),
    );
    writeServerSpeechSection(path.join(root, 'docs/benchmarks.md'), r.more);
    console.log('wrote the speech-through-the-server section of docs/benchmarks.md');
  } finally {
    await db.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await db.end();
    rmSync(dir, { recursive: true, force: true });
  }
}

const HELLO = 'bare Fastify hello-world';

/** The hello-world's req/s of this run: the mean of its measurements (before and after Vocalis). */
function helloBaseline(rows: Row[]): number {
  const hello = rows.filter((r) => r.target.startsWith(HELLO));
  return hello.reduce((sum, r) => sum + r.rps, 0) / hello.length;
}

async function main() {
  if (onlySpeechServer) return mainSpeechServer();
  const rows: Row[] = [];
  // The hello-world server stays up (idle) through the run and is measured before and after Vocalis: the
  // ratios use the mean, so load that comes or goes during the run weighs on both sides alike.
  const helloPort = await freePort();
  const hello = node('bench/hello-server.ts', { PORT: String(helloPort) });
  const helloUrl = `http://127.0.0.1:${helloPort}/`;
  process.once('exit', () => hello.kill()); // also when a later step fails
  try {
    await waitUp(helloUrl);
    rows.push(await measure(`${HELLO} GET /`, helloUrl));
  } catch (err) {
    hello.kill();
    throw err;
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vocalis-bench-'));
  try {
    const r = await benchVocalis('embedded PGlite', {
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'none'),
    });
    rows.push(...r.rows);
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }

  const pgBase = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin_ = new pg.Client({ connectionString: pgBase });
  const pgUp = await admin_.connect().then(
    () => true,
    () => false,
  );
  let serverSpeech = '';
  if (pgUp) {
    const name = `vocalis_bench_${Date.now()}`;
    await admin_.query(`CREATE DATABASE ${name}`);
    const url = new URL(pgBase);
    url.pathname = `/${name}`;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vocalis-bench-pg-'));
    // The previews are named by content hash: reuse the ones the first server made.
    cpSync(path.join(dataDir, 'files', 'voice-previews'), path.join(dir, 'files', 'voice-previews'), {
      recursive: true,
    });
    try {
      const r = await benchVocalis(
        'PostgreSQL 15',
        { DATA_DIR: dir, DATABASE_URL: url.toString(), WEB_DIST_DIR: path.join(dir, 'none') },
        (base, key) =>
          benchSpeechServer({ base, key, databaseUrl: url.toString(), userEmail: 'bench@example.com' }),
      );
      rows.push(...r.rows);
      serverSpeech = r.more;
    } finally {
      await admin_.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin_.end();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
  try {
    rows.push(await measure(`${HELLO} GET / (again, after Vocalis)`, helloUrl));
  } finally {
    hello.kill();
  }
  if (onlyHotReads) {
    const command = `BENCH_ONLY=hot-reads npm run bench (BENCH_DURATION=${duration}, BENCH_CONNECTIONS=${connections})`;
    writeHotReadsSection(
      path.join(root, 'docs/benchmarks.md'),
      hotReadsSection(hotReads, helloBaseline(rows), command),
    );
    console.log('wrote the hot reads section of docs/benchmarks.md');
    return;
  }
  console.log('measuring the speech engines (bench/speech.ts)');
  const speech = execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/speech.ts')], {
    env: { PATH: process.env.PATH! },
  }).toString();
  console.log('measuring file storage (bench/storage.ts)');
  const storage = execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/storage.ts')], {
    env: { PATH: process.env.PATH!, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  }).toString();
  writeReport(rows, speech, serverSpeech, storage);
  // After the report (which rewrites the file): one stream against eight, speech on the main thread vs workers.
  writeSpeechConcurrencySection(await benchSpeechConcurrency());
}

function writeReport(rows: Row[], speech: string, serverSpeech: string, storage: string) {
  const baseline = helloBaseline(rows);
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/run.ts); do not edit by hand.',
    '',
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`,
    `- Command: \`npm run bench\` (BENCH_DURATION=${duration}, BENCH_CONNECTIONS=${connections}, BENCH_TTFB_SAMPLES=${process.env.BENCH_TTFB_SAMPLES ?? 20}, BENCH_HISTORY_ROWS=${process.env.BENCH_HISTORY_ROWS ?? 1_000_000})`,
    '- Method: autocannon on loopback, 2 s warm-up then the measured run; each server is its own process with',
    '  its voice previews already generated (the start-up warm-up is not measured),',
    '  LOG_LEVEL=warn, the load generator shares the same 2 cores. The ratio is against the bare Fastify',
    '  hello-world measured in the same run (the mean of its runs before and after Vocalis).',
    '',
    '| target | req/s | p50 ms | p99 ms | non-2xx/errors | vs hello-world |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.target} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${((r.rps / baseline) * 100).toFixed(0)}% |`,
    ),
    '',
    '## Reading the figures',
    '',
    '- `/healthz` runs `select 1` on the database each time, so it measures a database round trip, not',
    '  just the HTTP stack; `/v1/messages` resolves the xi-api-key (SHA-256 lookup), then lists one page',
    '  and counts unread rows (three queries).',
    "- PGlite is PostgreSQL compiled to WebAssembly, running on the server's own event loop: every query",
    '  is serialised and costs about 0.2 ms (`select 1`) to 0.8 ms (a page of messages) of the same CPU',
    '  that serves HTTP (measured with 500 iterations per query on this machine). That bounds the embedded',
    '  default at a few hundred authenticated reads per second, which is plenty for one person or a small',
    '  team; set `DATABASE_URL` to move the queries to a PostgreSQL server and several API processes.',
    '',
    hotReadsSection(
      hotReads,
      baseline,
      `npm run bench (BENCH_DURATION=${duration}, BENCH_CONNECTIONS=${connections})`,
    ),
    '',
    '## Speech engines',
    '',
    'From `bench/speech.ts` in the same run (RTF = synthesis time / audio length; lower is faster).',
    '',
    speech.replace(/^### /, '#### ').trim(),
    '',
    serverSpeech.trim() ||
      '## Speech and history through the server\n\nNot measured: PostgreSQL was not reachable.',
    '',
    '## File storage',
    '',
    'From `bench/storage.ts` in the same run.',
    '',
    storage.replace(/^### /, '#### ').trim(),
    '',
  ];
  writeFileSync(path.join(root, 'docs/benchmarks.md'), lines.join('\n'));
  console.log('wrote docs/benchmarks.md');
}

await main();
