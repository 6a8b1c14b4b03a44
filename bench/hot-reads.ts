// The hot authenticated reads through the server (issue 9, decision 033): /v1/user, /v1/user/subscription,
// /v1/voices, /v1/history and /v1/models with an xi-api-key, each with the SQL statements it runs per
// request (counted in-process on the same database) and its req/s as a ratio to the bare Fastify
// hello-world of the same run. `npm run bench` includes it; `BENCH_ONLY=hot-reads npm run bench` measures only
// this (and the hello-world) and rewrites its section of docs/benchmarks.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { startServer } from '../apps/server/src/server';
import { freePort } from '../apps/server/src/testing/free-port';
import { countingDatabase, recordStatementsPerRequest } from '../apps/server/src/testing/statement-counter';

export const HOT_READS = [
  '/v1/user',
  '/v1/user/subscription',
  '/v1/voices',
  '/v1/history?page_size=20',
  '/v1/models',
] as const;

/** History items the bench workspace gets, so /v1/history answers a full page. */
const HISTORY_ITEMS = 100;

export type HotRead = {
  label: string;
  path: string;
  statements: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
};

type Measure = (
  target: string,
  url: string,
  headers?: Record<string, string>,
) => Promise<{ rps: number; p50: number; p99: number; errors: number }>;

/**
 * Runs the app in this process over the server's database (env as for the server), gives the bench user's
 * workspace history items, and answers how many statements each hot read sends once warm. Call it before
 * the server process starts (an embedded database allows one process at a time).
 */
export async function countHotReadStatements(
  env: Record<string, string>,
  key: string,
): Promise<Map<string, number>> {
  const port = await freePort();
  const config = loadConfig({
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    WORKER_IN_PROCESS: 'false',
  });
  const database = await openDatabase(
    config.database.kind === 'pglite'
      ? { kind: 'pglite', dataDir: config.database.dataDir }
      : { kind: 'postgres', url: config.database.url },
  );
  const server = await startServer(config, { database: countingDatabase(database) });
  try {
    await seedHistory(database.db);
    const recorder = recordStatementsPerRequest(server.app.server);
    const counts = new Map<string, number>();
    for (const route of HOT_READS) {
      const get = () => fetch(`${server.url}${route}`, { headers: { 'xi-api-key': key } });
      for (let i = 0; i < 2; i++) await (await get()).arrayBuffer(); // first reads create rows
      const res = await get();
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${route} answered ${res.status}`);
      await new Promise((r) => setImmediate(r));
      counts.set(route, recorder.last().length);
    }
    return counts;
  } finally {
    await server.stop();
    await database.close();
  }
}

async function seedHistory(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<void> {
  await db.execute(sql`
    INSERT INTO history_items (id, workspace_id, user_id, text, voice_id, voice_name, model_id, source,
      character_count_change_from, character_count_change_to, content_type, output_format, audio_path, created_at)
    SELECT 'hot' || lpad(g::text, 6, '0'), wm.workspace_id, u.id, 'Bench history item number ' || g,
           'cZu6SI8gppUv1kFPCYh3', 'Kal', 'vocalis_flite_v1', 'TTS', g, g + 40, 'audio/mpeg',
           'mp3_44100_128', 'history/' || wm.workspace_id || '/hot' || g || '.mp3', now() - make_interval(secs => g)
    FROM users u JOIN workspace_members wm ON wm.user_id = u.id, generate_series(1, ${HISTORY_ITEMS}::int) AS g
    WHERE u.email = 'bench@example.com'
    ON CONFLICT DO NOTHING`);
}

/** Measures each hot read against a running server. */
export async function measureHotReads(
  label: string,
  base: string,
  key: string,
  statements: Map<string, number>,
  measure: Measure,
): Promise<HotRead[]> {
  const out: HotRead[] = [];
  for (const route of HOT_READS) {
    const r = await measure(`Vocalis (${label}) GET ${route}`, `${base}${route}`, { 'xi-api-key': key });
    out.push({ label, path: route, statements: statements.get(route) ?? -1, ...r });
  }
  return out;
}

const START = '<!-- hot-reads -->';
const END = '<!-- /hot-reads -->';

/** The section of docs/benchmarks.md (between markers, so the standalone run can replace it). */
export function hotReadsSection(rows: HotRead[], hello: number, command: string): string {
  const targets = { 'PostgreSQL 15': 0.15, 'embedded PGlite': 0.05 } as Record<string, number>;
  return [
    START,
    '## Hot authenticated reads',
    '',
    `From \`${command}\`. xi-api-key, ${HISTORY_ITEMS} history items in the workspace; statements are the SQL`,
    'statements the server sends per request once warm, counted in-process over the same database',
    '(apps/server/src/testing/statement-counter.ts; `apps/server/src/hot-reads.int.test.ts` asserts them).',
    `Ratio against the bare Fastify hello-world of the same run (${Math.round(hello)} req/s, the mean of its runs`,
    'before and after Vocalis). Targets (issue 9):',
    'at most 4 statements; at least 0.15× on PostgreSQL and 0.05× on PGlite.',
    `Load average when written: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} on ${os.cpus().length} cores (other work on the machine skews the ratio).`,
    'On a shared, loaded machine req/s and these ratios move by 2× between runs; compare changes with',
    '`tsx bench/cpu-per-request.ts` (server CPU per request, decision 050) instead.',
    '',
    '| database | route | statements | req/s | p50 ms | p99 ms | non-2xx/errors | vs hello-world | target |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => {
      const ratio = r.rps / hello;
      const target = targets[r.label];
      const met = target === undefined ? '' : ratio >= target && r.statements <= 4 ? 'met' : 'missed';
      return `| ${r.label} | \`${r.path}\` | ${r.statements} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${ratio.toFixed(2)}× | ${met} |`;
    }),
    END,
  ].join('\n');
}

/** Replaces (or appends) the section in docs/benchmarks.md. */
export function writeHotReadsSection(file: string, section: string): void {
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  const next =
    a >= 0 && b > a
      ? `${text.slice(0, a)}${section}${text.slice(b + END.length)}`
      : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}
