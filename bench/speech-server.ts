// Speech and history through the running server, each next to the same work done directly in this
// process in the same run (the "raw" engine pipeline, or the raw SQL of the history page), with the
// ratio server/raw. Used by bench/run.ts against the PostgreSQL server; returns a markdown section.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { parseOutputFormat } from '@vocalis/speech/audio/output-format';
import { synthesizeUtterance } from '@vocalis/speech/synthesize';
import { createEncoder } from '../apps/server/src/features/tts/audio-target';
import { createEngineRegistry, type EngineRegistry } from '../apps/server/src/speech/engines';
import { planSpeech } from '../apps/server/src/speech/speech-plan';
import { PREMADE_VOICES } from '../apps/server/src/features/voices/voice-catalogue';
import { listHistoryQuery, type HistoryFilter } from '../apps/server/src/features/history/history.repo';
import { schema } from '../apps/server/src/db/schema';

/** Exactly 200 characters, four sentences: the ElevenLabs-style latency probe. */
export const TEXT_200 =
  'The morning train left the station on time. Passengers read, talked or watched the fields slide by. ' +
  'A young child counted cows out loud. By noon the city appeared, and everyone reached for their bags.';
/** A ~600-character paragraph for real-time factors. */
const PARAGRAPH =
  'The old lighthouse stood at the edge of the cliff for more than a century, guiding ships through the narrow channel below. ' +
  'Its keeper, a quiet man named Thomas, climbed the spiral stairs every evening at dusk to light the lamp. ' +
  'He had done so for thirty-two years, through storms that shook the glass and calm nights when the sea lay flat as a mirror. ' +
  'Visitors sometimes asked him whether he felt lonely out there, so far from the village and its bright windows. ' +
  'He would smile and say that the sea was company enough.';

const TTFB_SAMPLES = Number(process.env.BENCH_TTFB_SAMPLES ?? 20);
const CONCURRENT = 8;
const CONCURRENT_ROUNDS = 3;
const HISTORY_ROWS = Number(process.env.BENCH_HISTORY_ROWS ?? 1_000_000);
const HISTORY_SAMPLES = 30;

const KAL = PREMADE_VOICES[0]!; // the default voice (RHVoice bdl where installed, else Flite kal16)
const byName = (name: string) => PREMADE_VOICES.find((v) => v.name === name)!;
type Voice = (typeof PREMADE_VOICES)[number];
/** Every engine the server speaks with: the default model's choice, and Flite through its own model. */
const RTF_CASES: { voice: Voice; engine: 'auto' | 'flite'; modelId?: string }[] = [
  { voice: KAL, engine: 'auto' },
  { voice: KAL, engine: 'flite', modelId: 'vocalis_flite_v1' },
  { voice: byName('Susan'), engine: 'auto' },
  { voice: byName('Susan'), engine: 'flite', modelId: 'vocalis_flite_v1' },
  { voice: byName('Oliver'), engine: 'auto' },
];

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));
const ratio = (server: number, raw: number) => `${(server / raw).toFixed(2)}×`;

interface Ctx {
  base: string;
  key: string;
  databaseUrl: string;
  userEmail: string;
}

/** Time to the first body byte and to the end of one streamed generation, ms. */
async function stream(ctx: Ctx, voiceId: string, text: string): Promise<{ ttfb: number; total: number }> {
  const t0 = performance.now();
  const res = await fetch(`${ctx.base}/v1/text-to-speech/${voiceId}/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'xi-api-key': ctx.key },
    body: JSON.stringify({ text }),
  });
  if (res.status !== 200) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  const reader = res.body!.getReader();
  let ttfb = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (value?.length && !ttfb) ttfb = performance.now() - t0;
    if (done) break;
  }
  return { ttfb, total: performance.now() - t0 };
}

/**
 * The same work without HTTP, auth, database, quota or history: plan, pipeline and the server's own
 * encoder for `format` (audio-target.ts), chunk by chunk; first = the first encoded bytes; ms.
 */
async function rawStream(
  engines: EngineRegistry,
  voice: Voice,
  text: string,
  format = 'mp3_44100_128',
  engine: 'auto' | 'flite' = 'auto',
): Promise<{ ttfb: number; total: number; audio: number }> {
  const plan = (await planSpeech(engines, { voice, engine }))!;
  const t0 = performance.now();
  const encoder = createEncoder(parseOutputFormat(format)!, engines.watermarkKey);
  let ttfb = 0;
  let audio = 0;
  for await (const c of synthesizeUtterance({
    engine: plan.engine,
    voice: plan.engineVoice,
    text,
    language: plan.language,
    prosody: plan.params.prosody,
    speakerBoost: plan.params.speakerBoost,
  })) {
    const bytes = await encoder.push(c.pcm, c.sampleRate);
    if (bytes.length && !ttfb) ttfb = performance.now() - t0;
    audio += c.pcm.length / c.sampleRate;
  }
  await encoder.end();
  return { ttfb, total: performance.now() - t0, audio };
}

async function convert(
  ctx: Ctx,
  voiceId: string,
  text: string,
  modelId?: string,
): Promise<{ ms: number; seconds: number }> {
  const t0 = performance.now();
  const res = await fetch(`${ctx.base}/v1/text-to-speech/${voiceId}?output_format=pcm_16000`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'xi-api-key': ctx.key },
    body: JSON.stringify(modelId ? { text, model_id: modelId } : { text }),
  });
  if (res.status !== 200) throw new Error(`convert answered ${res.status}: ${await res.text()}`);
  const bytes = (await res.arrayBuffer()).byteLength;
  return { ms: performance.now() - t0, seconds: bytes / 2 / 16000 };
}

async function speech(ctx: Ctx, out: string[]): Promise<void> {
  // The engines the server finds (RHVoice where installed), so raw and server do the same work.
  const engines = createEngineRegistry({
    speechHttp: undefined,
    speechRhvoice: process.env.SPEECH_RHVOICE === 'off' ? 'off' : 'auto',
  });
  // Warm both sides (module compile, Flite child start, eSpeak data, RHVoice's files in the page cache).
  for (const c of RTF_CASES) {
    await convert(ctx, c.voice.voiceId, 'Warming up.', c.modelId);
    await rawStream(engines, c.voice, 'Warming up.', 'pcm_16000', c.engine);
  }
  const kalPlan = (await planSpeech(engines, { voice: KAL, engine: 'auto' }))!;

  // 1. Time to first audio byte, 200 characters, sequential.
  const server: number[] = [];
  const raw: number[] = [];
  let audio200 = 0;
  for (let i = 0; i < TTFB_SAMPLES; i++) {
    server.push((await stream(ctx, KAL.voiceId, TEXT_200)).ttfb);
    const r = await rawStream(engines, KAL, TEXT_200);
    raw.push(r.ttfb);
    audio200 = r.audio;
  }
  console.log(`TTFB server p50 ${ms(pct(server, 50))} ms, raw p50 ${ms(pct(raw, 50))} ms`);
  out.push(
    `### Time to first audio byte, \`POST /v1/text-to-speech/{id}/stream\`, 200 characters`,
    '',
    `Voice ${KAL.name} (the default: ${kalPlan.engineId} ${kalPlan.engineVoice} here), default model and output (mp3_44100_128), ${TTFB_SAMPLES} requests one after another, ${audio200.toFixed(1)} s of audio each. "Raw" is the same work in the bench process (plan, segmentation, normalisation, engine, the server's streaming mp3 encoder) without HTTP, auth, quota, concurrency slot or history.`,
    '',
    '| | p50 ms | p95 ms |',
    '|---|---:|---:|',
    `| server | ${ms(pct(server, 50))} | ${ms(pct(server, 95))} |`,
    `| raw pipeline | ${ms(pct(raw, 50))} | ${ms(pct(raw, 95))} |`,
    `| ratio server/raw | ${ratio(pct(server, 50), pct(raw, 50))} | ${ratio(pct(server, 95), pct(raw, 95))} |`,
    '',
  );

  // 2. Real-time factor per engine.
  out.push(
    `### Real-time factor per engine (${PARAGRAPH.length} characters, \`POST /v1/text-to-speech/{id}?output_format=pcm_16000\`)`,
    '',
    'RTF = wall time / audio length, lower is faster; best of 3. Server: the whole request (synthesis, resampling to 16 kHz, quota, history row and file). Raw: the pipeline and the same encoder in the bench process.',
    '',
    '| voice | model | engine voice | audio (s) | server RTF | raw RTF | ratio server/raw |',
    '|---|---|---|---:|---:|---:|---:|',
  );
  for (const c of RTF_CASES) {
    const plan = (await planSpeech(engines, { voice: c.voice, engine: c.engine }))!;
    let best = Infinity;
    let bestRaw = Infinity;
    let seconds = 0;
    for (let i = 0; i < 3; i++) {
      const s = await convert(ctx, c.voice.voiceId, PARAGRAPH, c.modelId);
      best = Math.min(best, s.ms / 1000 / s.seconds);
      const r = await rawStream(engines, c.voice, PARAGRAPH, 'pcm_16000', c.engine);
      bestRaw = Math.min(bestRaw, r.total / 1000 / r.audio);
      seconds = s.seconds;
    }
    const model = c.modelId ?? 'default model';
    console.log(`RTF ${c.voice.name} (${model}): server ${best.toFixed(4)}, raw ${bestRaw.toFixed(4)}`);
    out.push(
      `| ${c.voice.name} | ${model} | ${plan.engineId} ${plan.engineVoice} | ${seconds.toFixed(1)} | ${best.toFixed(4)} | ${bestRaw.toFixed(4)} | ${ratio(best, bestRaw)} |`,
    );
  }
  out.push('');

  // 3. Eight concurrent streams.
  const ttfbs: number[] = [];
  let wall = 0;
  for (let round = 0; round < CONCURRENT_ROUNDS; round++) {
    const t0 = performance.now();
    const rs = await Promise.all(
      Array.from({ length: CONCURRENT }, () => stream(ctx, KAL.voiceId, TEXT_200)),
    );
    wall += performance.now() - t0;
    ttfbs.push(...rs.map((r) => r.ttfb));
  }
  const n = CONCURRENT * CONCURRENT_ROUNDS;
  const serverThroughput = (n * audio200) / (wall / 1000);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await rawStream(engines, KAL, TEXT_200);
  const rawThroughput = (n * audio200) / ((performance.now() - t0) / 1000);
  console.log(`8 streams: ${serverThroughput.toFixed(1)} audio s/s, raw ${rawThroughput.toFixed(1)}`);
  out.push(
    `### ${CONCURRENT} concurrent streams (200 characters each, ${CONCURRENT_ROUNDS} rounds, workspace on the enterprise plan: 15 at once)`,
    '',
    'Throughput = seconds of audio delivered per second of wall time. Raw: the same number of generations one after another in the bench process (the engines are single-threaded, so this is their ceiling on one core).',
    '',
    '| | TTFB p50 ms | TTFB p95 ms | audio s per s | characters per s |',
    '|---|---:|---:|---:|---:|',
    `| server, ${CONCURRENT} at once | ${ms(pct(ttfbs, 50))} | ${ms(pct(ttfbs, 95))} | ${serverThroughput.toFixed(1)} | ${((serverThroughput / audio200) * 200).toFixed(0)} |`,
    `| raw pipeline, sequential | ${ms(pct(raw, 50))} | ${ms(pct(raw, 95))} | ${rawThroughput.toFixed(1)} | ${((rawThroughput / audio200) * 200).toFixed(0)} |`,
    `| ratio server/raw | ${ratio(pct(ttfbs, 50), pct(raw, 50))} | ${ratio(pct(ttfbs, 95), pct(raw, 95))} | ${ratio(serverThroughput, rawThroughput)} | |`,
    '',
  );
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
/** "Limit → Sort → Seq Scan": the plan's nodes down its first branch. */
function planChain(node: PlanNode): string {
  const name = node['Index Name'] ? `${node['Node Type']} (${node['Index Name']})` : node['Node Type'];
  return node.Plans?.length ? `${name} → ${planChain(node.Plans[0]!)}` : name;
}

/** The history page at HISTORY_ROWS rows: the API next to the same SQL sent straight to PostgreSQL. */
async function history(ctx: Ctx, out: string[]): Promise<void> {
  const db = new pg.Client({ connectionString: ctx.databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ workspace_id: string; user_id: string }>(
      `SELECT wm.workspace_id, u.id AS user_id FROM users u JOIN workspace_members wm ON wm.user_id = u.id WHERE u.email = $1 LIMIT 1`,
      [ctx.userEmail],
    );
    const { workspace_id: ws, user_id: userId } = rows[0]!;
    const t0 = performance.now();
    // One row per second going back in time; a few voices and models, so filters have something to do.
    await db.query(
      `INSERT INTO history_items (id, workspace_id, user_id, text, voice_id, voice_name, model_id, source,
         character_count_change_from, character_count_change_to, content_type, output_format, audio_path, created_at)
       SELECT 'bench' || lpad(g::text, 8, '0'), $1, $2,
              'Bench history item number ' || g || ' about ' || (ARRAY['trains','lighthouses','rivers','cities'])[1 + g % 4],
              (ARRAY['cZu6SI8gppUv1kFPCYh3','zjugDQR69KeBdVlIC4vX','c2avmqLIl0c1utT58Bzw'])[1 + g % 3],
              (ARRAY['Kal','Susan','Oliver'])[1 + g % 3],
              'vocalis_flite_v1', 'TTS', g, g + 40, 'audio/mpeg', 'mp3_44100_128',
              'history/' || $1 || '/bench' || g || '.mp3',
              now() - make_interval(secs => g)
       FROM generate_series(1, $3::int) AS g`,
      [ws, userId, HISTORY_ROWS],
    );
    await db.query('ANALYZE history_items');
    const insertSeconds = (performance.now() - t0) / 1000;
    console.log(`inserted ${HISTORY_ROWS} history rows in ${insertSeconds.toFixed(1)} s`);

    const deepId = `bench${String(Math.floor(HISTORY_ROWS / 2)).padStart(8, '0')}`;
    const { rows: deepRow } = await db.query<{ created_at: Date }>(
      'SELECT created_at FROM history_items WHERE id = $1',
      [deepId],
    );
    const deepAt = deepRow[0]!.created_at;
    // The very statements history.repo.ts builds (drizzle's SQL for the same filters), so they cannot drift.
    const orm = drizzle(db, { schema });
    const statement = (f: Omit<HistoryFilter, 'limit' | 'direction'>) => {
      const q = listHistoryQuery(orm, ws, { limit: 101, direction: 'desc', ...f }).toSQL();
      return { sql: q.sql, params: q.params };
    };
    const cases: { name: string; query: string; sql: string; params: unknown[] }[] = [
      { name: 'first page (100)', query: 'page_size=100', ...statement({}) },
      {
        name: `page after item ${HISTORY_ROWS / 2} (keyset)`,
        query: `page_size=100&start_after_history_item_id=${deepId}`,
        ...statement({ after: { createdAt: deepAt, id: deepId } }),
      },
      {
        name: 'voice filter, first page',
        query: 'page_size=100&voice_id=zjugDQR69KeBdVlIC4vX',
        ...statement({ voiceId: 'zjugDQR69KeBdVlIC4vX' }),
      },
      {
        name: 'search "lighthouses", first page',
        query: 'page_size=100&search=lighthouses',
        ...statement({ search: 'lighthouses' }),
      },
    ];
    out.push(
      `### History page at ${HISTORY_ROWS.toLocaleString('en-US')} rows (PostgreSQL)`,
      '',
      `One workspace with ${HISTORY_ROWS.toLocaleString('en-US')} history items (bulk insert with generate_series: ${insertSeconds.toFixed(0)} s, then ANALYZE). \`GET /v1/history\` with xi-api-key, ${HISTORY_SAMPLES} requests each after 3 warm-ups; "SQL" is the page's statement sent straight to PostgreSQL from the bench process.`,
      '',
      '| request | server p50 ms | server p95 ms | SQL p50 ms | SQL p95 ms | ratio server/SQL (p50) | PostgreSQL plan |',
      '|---|---:|---:|---:|---:|---:|---|',
    );
    for (const c of cases) {
      const server: number[] = [];
      const raw: number[] = [];
      for (let i = 0; i < HISTORY_SAMPLES + 3; i++) {
        const t = performance.now();
        const res = await fetch(`${ctx.base}/v1/history?${c.query}`, { headers: { 'xi-api-key': ctx.key } });
        const body = (await res.json()) as { history?: unknown[] };
        if (res.status !== 200 || !body.history?.length) throw new Error(`history answered ${res.status}`);
        if (i >= 3) server.push(performance.now() - t);
        const s = performance.now();
        await db.query(c.sql, c.params);
        if (i >= 3) raw.push(performance.now() - s);
      }
      console.log(`history ${c.name}: server p50 ${ms(pct(server, 50))} ms, SQL p50 ${ms(pct(raw, 50))} ms`);
      const { rows: explained } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) ${c.sql}`,
        c.params,
      );
      out.push(
        `| ${c.name} | ${ms(pct(server, 50))} | ${ms(pct(server, 95))} | ${ms(pct(raw, 50))} | ${ms(pct(raw, 95))} | ${ratio(pct(server, 50), pct(raw, 50))} | ${planChain(explained[0]!['QUERY PLAN'][0].Plan)} |`,
      );
    }
    out.push('');
  } finally {
    await db.end();
  }
}

const SPEECH_START = '<!-- speech-server:start -->';
const SPEECH_END = '<!-- speech-server:end -->';

/** The speech measurements (first byte, real-time factor per engine, 8 at once) between their markers. */
export async function benchServerSpeech(ctx: Ctx, note = ''): Promise<string> {
  const out: string[] = [SPEECH_START, ...(note ? [note, ''] : [])];
  await speech(ctx, out);
  out.push(SPEECH_END);
  return out.join('\n');
}

/** Replaces the speech measurements in docs/benchmarks.md (`BENCH_ONLY=speech-server npm run bench`). */
export function writeServerSpeechSection(file: string, section: string): void {
  const text = readFileSync(file, 'utf8');
  const a = text.indexOf(SPEECH_START);
  const b = text.indexOf(SPEECH_END);
  if (a < 0 || b < a) throw new Error(`${file} has no ${SPEECH_START} section: run the whole npm run bench`);
  writeFileSync(file, `${text.slice(0, a)}${section}${text.slice(b + SPEECH_END.length)}`);
}

/** Runs the speech and history measurements against a running server; returns markdown. */
export async function benchSpeechServer(ctx: Ctx): Promise<string> {
  const out: string[] = [
    `## Speech and history through the server (PostgreSQL)`,
    '',
    `Same run, same machine (${os.cpus().length} cores shared by the server, the bench process and PostgreSQL).`,
    '',
    await benchServerSpeech(ctx),
    '',
  ];
  await history(ctx, out);
  return out.join('\n');
}
