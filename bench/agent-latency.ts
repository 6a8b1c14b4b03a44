/**
 * Conversational agents (docs/decisions/153): time from the end of the user's speech to the first byte of the
 * agent's audio over the conversation socket, with the loopback stand-in language model, over 20 turns; next
 * to the same pipeline's parts measured alone in the same run (speech to text of the utterance, the model's
 * first token, speech for the reply's first sentence).
 * "End of user speech" is when the last chunk (the question then 0.8 s of quiet, sent at once) leaves the
 * client, so the figure includes the 700 ms of quiet the turn detector waits for.
 * Run: npx tsx bench/agent-latency.ts
 */
import { resample } from '@vocalis/speech/audio/resample';
import { createFliteEngine } from '@vocalis/speech/engines/flite';
import { synthesizeToPcm } from '@vocalis/speech/synthesize';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { openDatabase } from '../apps/server/src/db/client';
import { AgentVoices } from '../apps/server/src/features/conversational-ai/agent-voice';
import { startLlmStandIn } from '../apps/server/src/testing/llm-stand-in';
import { createTestUser, startTestApp } from '../apps/server/src/testing/test-app';

const TURNS = 20;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const row = (name: string, xs: number[]) =>
  `| ${name} | ${pct(xs, 50).toFixed(0)} | ${pct(xs, 95).toFixed(0)} | ${xs.length} |`;

const database = await openDatabase({ kind: 'pglite', dataDir: mkdtempSync(path.join(os.tmpdir(), 'agent-bench-')) });
const app = await startTestApp({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' }, database: { database } });
const llm = await startLlmStandIn();
try {
  const user = await createTestUser(app);
  const headers = { 'xi-api-key': user.apiKey, 'content-type': 'application/json' };
  await app.request('/v1/convai/llm', {
    method: 'PUT',
    headers,
    body: JSON.stringify({ base_url: llm.baseUrl, model: 'stand-in' }),
  });
  const created = await app.request('/v1/convai/agents/create', {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'Bench',
      conversation_config: { agent: { first_message: 'Hi.', language: 'en' } },
    }),
  });
  const { agent_id } = (await created.json()) as { agent_id: string };
  const s = await synthesizeToPcm({
    engine: createFliteEngine(),
    voice: 'kal16',
    text: 'What time do you open on Sunday?',
  });
  const question = await resample(s.pcm, s.sampleRate, 16000);
  const turn = new Int16Array(question.length + 12800);
  turn.set(question);

  const ws = new WebSocket(`${app.url.replace('http', 'ws')}/v1/convai/conversation?agent_id=${agent_id}`, [
    'convai',
  ]);
  const waiters: ((e: { type: string; audio_event?: { event_id: number } }) => void)[] = [];
  ws.on('message', (d: Buffer) => {
    const e = JSON.parse(d.toString()) as { type: string };
    for (const w of waiters.splice(0)) w(e);
  });
  const next = (type: string) =>
    new Promise<void>((resolve) => {
      const wait = (e: { type: string }) => (e.type === type ? resolve() : waiters.push(wait));
      waiters.push(wait);
    });
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ type: 'conversation_initiation_client_data' }));
  await next('agent_response');
  await new Promise((r) => setTimeout(r, 1500));

  const endToEnd: number[] = [];
  for (let i = 0; i < TURNS; i++) {
    for (let at = 0; at < turn.length; at += 1600)
      ws.send(
        JSON.stringify({
          user_audio_chunk: Buffer.from(turn.slice(at, at + 1600).buffer).toString('base64'),
        }),
      );
    const t0 = performance.now();
    await next('audio');
    endToEnd.push(performance.now() - t0);
    await next('agent_response');
    await new Promise((r) => setTimeout(r, 3000)); // let the reply "play" so the next turn is not a barge-in
  }
  ws.close(1000);

  const stt = app.speechToText.engines.pick('scribe_v1', 'en');
  const model = (await app.conversationalAi.llm.modelFor(user.workspaceId))!;
  const voices = new AgentVoices(app.speech.engines, app.speech.speech, (u, v) =>
    app.speech.voices.profileFor(u!, v),
  );
  const plan = await voices.plan({
    userId: user.id,
    voiceId: 'cZu6SI8gppUv1kFPCYh3',
    language: 'en',
    settings: {},
  });
  const sttMs: number[] = [];
  const llmMs: number[] = [];
  const ttsMs: number[] = [];
  for (let i = 0; i < TURNS; i++) {
    let t = performance.now();
    const heard = await stt.transcribe(question, 16000, { language: 'en' });
    sttMs.push(performance.now() - t);
    t = performance.now();
    for await (const e of model.stream(
      { messages: [{ role: 'user', content: heard.words.map((w) => w.text).join(' ') }] },
      new AbortController().signal,
    )) {
      void e;
      break;
    }
    llmMs.push(performance.now() - t);
    t = performance.now();
    await voices.speak(plan, 'You said: what time do you open on sunday.', 'pcm_16000');
    ttsMs.push(performance.now() - t);
  }
  console.log(
    `#### Agent turn latency (${TURNS} turns, stand-in LLM on loopback, embedded PGlite; busy machine)\n`,
  );
  console.log('| step | p50 ms | p95 ms | n |');
  console.log('|---|---:|---:|---:|');
  console.log(
    row('end of user speech → first agent audio byte (socket, includes 700 ms end-of-turn quiet)', endToEnd),
  );
  console.log(row('speech to text of the question alone (PocketSphinx)', sttMs));
  console.log(row('language model first token alone (stand-in)', llmMs));
  console.log(row('speech for the first sentence alone', ttsMs));
} finally {
  await llm.close();
  await app.close();
  await database.close();
}
