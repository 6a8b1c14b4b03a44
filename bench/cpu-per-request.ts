// Server CPU time per request (decision 050): the bare Fastify hello-world, Vocalis' /healthz and the hot
// authenticated reads, each served by its own process, and the CPU that process spent (user + system, from
// /proc/<pid>/stat) divided by the requests it answered. Unlike req/s this barely moves when other work
// shares the machine, so it is the figure to compare changes with. `tsx bench/cpu-per-request.ts`;
// BENCH_CPU_DB=pglite for the embedded database (default PostgreSQL at BENCH_DATABASE_URL),
// BENCH_CPU_REQUESTS per target (default 20000), BENCH_CPU_NODE_ARGS for the Vocalis process
// (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`), BENCH_CPU_ONLY a comma list of the Vocalis paths to measure.
// Linux only (/proc).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { PREMADE_VOICES } from '../apps/server/src/features/voices/voice-catalogue';
import { freePort } from '../apps/server/src/testing/free-port';
import { HOT_READS, countHotReadStatements } from './hot-reads';

const root = path.resolve(import.meta.dirname, '..');
const REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 20_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TICK_US = 1e6 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** User + system CPU of a process so far, in µs. */
export function processCpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_US; // utime, stime (fields 14 and 15)
}

export type CpuRow = { target: string; cpuUs: number; rps: number; non2xx: number };

/** Warms up, then sends `REQUESTS` requests and divides the server's CPU by the requests answered. */
export async function cpuPerRequest(
  pid: number,
  target: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<CpuRow> {
  await autocannon({ url, connections: CONNECTIONS, amount: Math.min(2000, REQUESTS), headers });
  const before = processCpuMicros(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, amount: REQUESTS, headers });
  const cpu = processCpuMicros(pid) - before;
  const row = {
    target,
    cpuUs: cpu / r.requests.total,
    rps: r.requests.average,
    non2xx: r.non2xx + r.errors,
  };
  console.log(
    `${target}: ${row.cpuUs.toFixed(0)} µs CPU/request, ${Math.round(row.rps)} req/s, non-2xx/errors ${row.non2xx}`,
  );
  return row;
}

function node(script: string, env: Record<string, string>, args: string[] = []): ChildProcess {
  return spawn(process.execPath, [...args, '--import', 'tsx', path.join(root, script)], {
    env: { PATH: process.env.PATH!, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitUp(url: string, what: (() => boolean) | undefined = undefined) {
  for (let i = 0; i < 1500; i++) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && (!what || what())) return;
    await sleep(200);
  }
  throw new Error(`${url} never came up`);
}

function admin(env: Record<string, string>, ...argv: string[]): string {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/admin.ts'), ...argv],
    { env: { PATH: process.env.PATH!, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  return out.toString().trim().split('\n').at(-1)!;
}

async function stop(proc: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (proc.exitCode !== null) return;
  proc.kill(signal);
  await new Promise((r) => proc.once('exit', r));
}

async function main() {
  const rows: CpuRow[] = [];
  const helloPort = await freePort();
  const hello = node('bench/hello-server.ts', { PORT: String(helloPort) });
  try {
    await waitUp(`http://127.0.0.1:${helloPort}/`);
    rows.push(await cpuPerRequest(hello.pid!, 'hello-world GET /', `http://127.0.0.1:${helloPort}/`));
  } finally {
    await stop(hello);
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vocalis-bench-cpu-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'none') };
  let dropDb = async () => {};
  if (process.env.BENCH_CPU_DB !== 'pglite') {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    const name = `vocalis_bench_cpu_${Date.now()}`;
    await client.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDb = async () => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  // Previews are named by content hash: keep them between runs, so a server has none to make.
  const cache = path.join(os.tmpdir(), 'vocalis-bench-previews');
  if (existsSync(cache)) cpSync(cache, path.join(dataDir, 'files', 'voice-previews'), { recursive: true });
  try {
    admin(env, 'create-user', '--email', 'bench@example.com', '--password', 'bench-password-1', '--verified');
    const key = admin(env, 'create-api-key', '--email', 'bench@example.com');
    const statements = await countHotReadStatements(env, key);
    const port = await freePort();
    const args = (process.env.BENCH_CPU_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const server = node(
      'apps/server/src/api.ts',
      { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      args,
    );
    const previews = path.join(dataDir, 'files', 'voice-previews');
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitUp(
        `${base}/readyz`,
        () =>
          existsSync(previews) &&
          readdirSync(previews).filter((f) => f.endsWith('.mp3')).length >= PREMADE_VOICES.length,
      );
      if (!existsSync(cache)) cpSync(previews, cache, { recursive: true });
      // Start-up work (speech workers loading their engines, the job runner) must be over: wait until the
      // idle process uses under 5% of a core, for at most a minute.
      for (let i = 0; i < 30; i++) {
        const idle = processCpuMicros(server.pid!);
        await sleep(2000);
        const busy = (processCpuMicros(server.pid!) - idle) / 2000;
        if (busy < 50 || i === 29) {
          console.log(`idle server: ${busy.toFixed(0)} µs CPU per ms`);
          break;
        }
      }
      const only = process.env.BENCH_CPU_ONLY?.split(',');
      if (!only || only.includes('/healthz'))
        rows.push(await cpuPerRequest(server.pid!, 'Vocalis GET /healthz', `${base}/healthz`));
      for (const route of HOT_READS.filter((r) => !only || only.includes(r))) {
        const row = await cpuPerRequest(server.pid!, `Vocalis GET ${route}`, `${base}${route}`, {
          'xi-api-key': key,
        });
        rows.push({ ...row, target: `${row.target} (${statements.get(route)} statements)` });
      }
    } finally {
      await stop(server, 'SIGINT');
    }
  } finally {
    await dropDb();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
  console.log(`\n| target | CPU µs/request | req/s | non-2xx |\n|---|---:|---:|---:|`);
  for (const r of rows)
    console.log(`| ${r.target} | ${r.cpuUs.toFixed(0)} | ${Math.round(r.rps)} | ${r.non2xx} |`);
  console.log(`\nload average ${load}; ${REQUESTS} requests per target, ${CONNECTIONS} connections`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
