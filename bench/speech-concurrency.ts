// Speech under concurrency: one stream alone against eight at once, and what a cheap `GET /healthz`
// costs meanwhile, with speech on the main thread (SPEECH_WORKERS=0, how it ran before the pool) and
// in worker threads (the default), both servers up at once and measured in alternating rounds so the
// machine's load falls on both alike. `npm run bench` includes it; on its own,
// `tsx bench/speech-concurrency.ts` rewrites only its section of docs/benchmarks.md.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { PREMADE_VOICES } from '../apps/server/src/features/voices/voice-catalogue';
import { freePort } from '../apps/server/src/testing/free-port';
import { TEXT_200 } from './speech-server';

const root = path.resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_CONCURRENCY_ROUNDS ?? 5);
const SINGLES_PER_ROUND = 4;
const CONCURRENT = 8;
const KAL = PREMADE_VOICES[0]!.voiceId; // the default voice (Flite kal16)
const MARK = { start: '<!-- speech-concurrency:start -->', end: '<!-- speech-concurrency:end -->' };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

interface Server {
  label: string;
  base: string;
  key: string;
  proc: ChildProcess;
  dataDir: string;
  dropDb?: () => Promise<void>;
  single: number[];
  concurrent: number[];
  healthIdle: number[];
  healthLoaded: number[];
  audioSeconds: number;
  wallMs: number;
}

function admin(env: Record<string, string>, ...argv: string[]): string {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/admin.ts'), ...argv],
    { env: { PATH: process.env.PATH!, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  return out.toString().trim().split('\n').at(-1)!;
}

async function until(check: () => Promise<boolean> | boolean, what: string, seconds = 300): Promise<void> {
  for (let i = 0; i < seconds * 5; i++) {
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`${what} did not happen within ${seconds} s`);
}

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A connection to PostgreSQL to create the bench databases, or nothing when it is not reachable. */
async function postgresAdmin(): Promise<pg.Client | undefined> {
  const client = new pg.Client({ connectionString: PG_URL });
  return client.connect().then(
    () => client,
    () => undefined,
  );
}

async function startServer(label: string, extraEnv: Record<string, string>, previewsFrom?: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vocalis-bench-speech-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    ...extraEnv,
  };
  let dropDb: (() => Promise<void>) | undefined;
  const pgAdmin = await postgresAdmin();
  if (pgAdmin) {
    const name = `vocalis_bench_speech_${Date.now()}`;
    await pgAdmin.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDb = async () => {
      await pgAdmin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await pgAdmin.end();
    };
  }
  // The previews are named by content hash: reuse the first server's, so this one has none to make.
  if (previewsFrom)
    cpSync(
      path.join(previewsFrom, 'files', 'voice-previews'),
      path.join(dataDir, 'files', 'voice-previews'),
      {
        recursive: true,
      },
    );
  admin(env, 'create-user', '--email', 'bench@example.com', '--password', 'bench-password-1', '--verified');
  const key = admin(env, 'create-api-key', '--email', 'bench@example.com');
  // Enterprise: 15 generations at once, so eight concurrent streams are never refused.
  admin(env, 'set-plan', '--email', 'bench@example.com', '--tier', 'enterprise');
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/api.ts')], {
    env: { PATH: process.env.PATH!, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await until(
    () =>
      fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      ),
    `${label} start`,
  );
  const previews = path.join(dataDir, 'files', 'voice-previews');
  await until(
    () =>
      existsSync(previews) &&
      readdirSync(previews).filter((f) => f.endsWith('.mp3')).length >= PREMADE_VOICES.length,
    `${label} voice previews`,
  );
  const server: Server = {
    label,
    base,
    key,
    proc,
    dataDir,
    dropDb,
    single: [],
    concurrent: [],
    healthIdle: [],
    healthLoaded: [],
    audioSeconds: 0,
    wallMs: 0,
  };
  return server;
}

async function stopServer(s: Server): Promise<void> {
  s.proc.kill('SIGTERM');
  await new Promise((r) => s.proc.once('exit', r));
  await s.dropDb?.();
  rmSync(s.dataDir, { recursive: true, force: true });
}

/** Time to the first audio byte and the audio's length (mp3 at 128 kbps), for one stream. */
async function stream(s: Server): Promise<{ ttfb: number; seconds: number }> {
  const t0 = performance.now();
  const res = await fetch(`${s.base}/v1/text-to-speech/${KAL}/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'xi-api-key': s.key },
    body: JSON.stringify({ text: TEXT_200 }),
  });
  if (res.status !== 200) throw new Error(`${s.label}: stream answered ${res.status}: ${await res.text()}`);
  const reader = res.body!.getReader();
  let ttfb = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (value?.length && !ttfb) ttfb = performance.now() - t0;
    bytes += value?.length ?? 0;
    if (done) break;
  }
  return { ttfb, seconds: (bytes * 8) / 128_000 };
}

async function health(s: Server): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${s.base}/healthz`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${s.label}: /healthz answered ${res.status}`);
  return performance.now() - t0;
}

/** One round: idle /healthz probes, streams one at a time, then eight at once with /healthz probed throughout. */
async function round(s: Server): Promise<void> {
  for (let i = 0; i < 10; i++) s.healthIdle.push(await health(s));
  for (let i = 0; i < SINGLES_PER_ROUND; i++) s.single.push((await stream(s)).ttfb);
  let loaded = true;
  const probe = (async () => {
    while (loaded) {
      s.healthLoaded.push(await health(s));
      await sleep(20);
    }
  })();
  const t0 = performance.now();
  const results = await Promise.all(Array.from({ length: CONCURRENT }, () => stream(s)));
  s.wallMs += performance.now() - t0;
  loaded = false;
  await probe;
  s.concurrent.push(...results.map((r) => r.ttfb));
  s.audioSeconds += results.reduce((n, r) => n + r.seconds, 0);
}

/** Measures both settings; returns the markdown section (between its markers). */
export async function benchSpeechConcurrency(): Promise<string> {
  const workers = os.availableParallelism();
  const loadBefore = os.loadavg()[0]!;
  const main = await startServer('main thread', { SPEECH_WORKERS: '0' });
  const servers = [main];
  try {
    servers.push(await startServer('worker threads', {}, main.dataDir));
    for (const s of servers) for (let i = 0; i < 3; i++) await stream(s); // warm engines, JIT, workers
    for (let r = 0; r < ROUNDS; r++)
      for (const s of r % 2 ? [...servers].reverse() : servers) {
        await round(s);
        console.log(`${s.label} round ${r + 1}: 8-at-once TTFB p50 so far ${ms(pct(s.concurrent, 50))} ms`);
      }
  } finally {
    for (const s of servers) await stopServer(s);
  }
  // Other work on the machine shows in every figure: say how busy it was.
  const load = `load average ${loadBefore.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end`;
  const rows = servers.map((s) => {
    const ratio = pct(s.concurrent, 50) / pct(s.single, 50);
    const name =
      s === main ? 'main thread (`SPEECH_WORKERS=0`, as before)' : `${workers} worker threads (default)`;
    return `| ${name} | ${ms(pct(s.single, 50))} | ${ms(pct(s.concurrent, 50))} | ${ms(pct(s.concurrent, 95))} | **${ratio.toFixed(2)}×** | ${ms(pct(s.healthIdle, 50))} | ${ms(pct(s.healthLoaded, 50))} | ${ms(pct(s.healthLoaded, 99))} | ${(s.audioSeconds / (s.wallMs / 1000)).toFixed(1)} |`;
  });
  return [
    MARK.start,
    '### Speech under concurrency: one stream against eight at once (`bench/speech-concurrency.ts`)',
    '',
    `Command: \`tsx bench/speech-concurrency.ts\` (also part of \`npm run bench\`), ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}. Two servers on PostgreSQL (PGlite when it is not reachable), one with speech on the main thread and one with the worker pool, both up at once and measured in ${ROUNDS} alternating rounds; each round: 10 idle \`GET /healthz\`, ${SINGLES_PER_ROUND} streams one after another, then ${CONCURRENT} at once while \`GET /healthz\` is sent every 20 ms. \`POST /v1/text-to-speech/{Kal}/stream\`, 200 characters (4 sentences, ~11 s of mp3_44100_128). The load generator shares the machine (${load}).`,
    '',
    '| speech runs on | 1 stream: TTFB p50 ms | 8 at once: TTFB p50 ms | 8 at once: TTFB p95 ms | 8 at once / 1 (p50) | /healthz idle p50 ms | /healthz during 8 streams p50 ms | p99 ms | audio s per s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    'Target (issue 9): 8 at once ≤ 2.5× one stream (p50), in the same run.',
    MARK.end,
  ].join('\n');
}

/** Puts the section into docs/benchmarks.md, replacing the previous one (or at the end). */
export function writeSpeechConcurrencySection(section: string): void {
  const file = path.join(root, 'docs/benchmarks.md');
  const doc = readFileSync(file, 'utf8');
  const [before, rest] = doc.includes(MARK.start)
    ? doc.split(MARK.start)
    : [`${doc.trimEnd()}\n\n`, MARK.end];
  writeFileSync(file, `${before}${section}${rest!.split(MARK.end)[1] ?? '\n'}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const section = await benchSpeechConcurrency();
  writeSpeechConcurrencySection(section);
  console.log(section);
}
