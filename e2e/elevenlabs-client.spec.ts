import { expect as baseExpect, test } from '@playwright/test';
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { resample } from '../packages/speech/src/audio/resample';
import { encodeWav } from '../packages/speech/src/audio/wav';
import { createFliteEngine } from '../packages/speech/src/engines/flite';
import { synthesizeToPcm } from '../packages/speech/src/synthesize';
import { startLlmStandIn } from '../apps/server/src/testing/llm-stand-in';
import { startNodeProcess, type NodeProcess } from '../apps/server/src/testing/node-process';
import { E2E_PORT, E2E_ROOT } from './e2e-env';
import { shoot } from './screens';

// Issue 14's "done when": the official browser client `@elevenlabs/client` (its published IIFE build, unchanged)
// holds a spoken conversation with an agent of this server, from a page on another origin. The microphone is
// Chromium's fake capture playing a generated request; the agent's language model is the stand-in on loopback,
// which calls the page's client tool; the agent's long answer is cut off by the user speaking again (barge-in).
//
// The server here is its own process (not the shared e2e one) because the stand-in model is on loopback, which
// the shared server refuses (OUTBOUND_ALLOW_PRIVATE is off there, as webhooks.spec.ts requires).
const API_PORT = E2E_PORT + 20;
const PAGE_PORT = E2E_PORT + 21;
const API = `http://127.0.0.1:${API_PORT}`;
const PAGE = `http://127.0.0.1:${PAGE_PORT}`;
const DATA_DIR = path.join(E2E_ROOT, 'e2e/.data-elevenlabs-client');
const MIC_WAV = path.join(os.tmpdir(), `e2e-elevenlabs-client-${process.pid}.wav`);
const CLIENT_JS = path.join(E2E_ROOT, 'node_modules/@elevenlabs/client/dist/lib.iife.js');
const BANNER =
  'The banner now shows the summer sale: every voice plan is half price until the end of August, and the ' +
  'offer includes free minutes for conversational agents, extra characters and a priority queue for dubbing.';
const expect = baseExpect.configure({ timeout: 30_000 });
const run = promisify(execFile);

test.use({
  permissions: ['microphone'],
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${MIC_WAV}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

let server: NodeProcess;
let llm: Awaited<ReturnType<typeof startLlmStandIn>>;
let pageHost: http.Server;
let apiKey: string;

async function admin(...argv: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', path.join(E2E_ROOT, 'apps/server/src/admin.ts'), ...argv],
    { env: { PATH: process.env.PATH!, DATA_DIR, LOG_LEVEL: 'silent' } },
  );
  return stdout.trim().split('\n').at(-1)!;
}

/** The page on the other origin: the client's IIFE build and a few lines that start a session. */
const PAGE_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Client</title>
<script src="/client.js"></script></head><body><h1>Talking</h1><p id="banner"></p><script>
window.events = []; window.maxVolume = 0; window.volumeWhileSpeaking = 0;
const log = (type, data) => window.events.push({ type, data, at: performance.now() });
window.start = async (agentId, origin, banner) => {
  const conversation = await ElevenLabsClient.Conversation.startSession({
    agentId, origin, connectionType: 'websocket',
    clientTools: {
      show_banner: async (parameters) => {
        log('client_tool', parameters);
        document.getElementById('banner').textContent = banner;
        return banner;
      },
    },
    onConnect: (c) => log('connect', c),
    onMessage: (m) => log('message', m),
    onModeChange: (m) => log('mode', m.mode),
    onInterruption: (e) => log('interruption', e),
    onError: (message, context) => log('error', { message, context }),
    onDisconnect: (d) => log('disconnect', d),
  });
  window.conversation = conversation;
  setInterval(() => {
    const v = conversation.getOutputVolume();
    window.maxVolume = Math.max(window.maxVolume, v);
  }, 20);
  return conversation.getId();
};
</script></body></html>`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The microphone (Chromium loops the file): 1.5 s of quiet, the request, 7 s of quiet; on the second pass the
  // request comes while the agent is still reading out the banner, which interrupts it.
  const s = await synthesizeToPcm({
    engine: createFliteEngine(),
    voice: 'kal16',
    text: 'Please show me the banner.',
  });
  const request = await resample(s.pcm, s.sampleRate, 16000);
  const pcm = new Int16Array(24000 + request.length + 7 * 16000);
  pcm.set(request, 24000);
  writeFileSync(MIC_WAV, encodeWav(pcm, 16000));

  llm = await startLlmStandIn({ alwaysCallTool: true });
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = await startNodeProcess(
    'api.ts',
    {
      PORT: String(API_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: API,
      DATA_DIR,
      OUTBOUND_ALLOW_PRIVATE: 'true',
    },
    'Vocalis is listening',
    150_000,
  );
  const email = `e2e-client-${Date.now()}@example.com`;
  await admin(
    'create-user',
    '--email',
    email,
    '--password',
    'e2e-password-1!',
    '--name',
    'Ada',
    '--verified',
  );
  apiKey = await admin('create-api-key', '--email', email);

  const client = readFileSync(CLIENT_JS);
  pageHost = http.createServer((req, res) => {
    if (req.url === '/client.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(client);
    else res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE_HTML);
  });
  await new Promise<void>((resolve) => pageHost.listen(PAGE_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  if (pageHost) await new Promise((resolve) => pageHost.close(resolve));
  await server?.stop();
  await llm?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
  rmSync(MIC_WAV, { force: true });
});

test.afterEach(async ({ page }, info) => {
  // A failing run shows what the client saw and what the server logged.
  if (info.status === info.expectedStatus) return;
  const seen = await page
    .evaluate(() => (window as unknown as { events?: unknown[] }).events ?? [])
    .catch(() => []);
  console.log(JSON.stringify(seen, null, 1).slice(0, 8000));
  console.log(
    server?.logs
      .slice(-20)
      .map((l) => JSON.stringify(l))
      .join('\n'),
  );
});

type Logged = { type: string; data: unknown; at: number };

test('@elevenlabs/client holds a spoken conversation with a client tool call and a barge-in', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const sdk = new ElevenLabsClient({ apiKey, baseUrl: API });
  const llmSet = await fetch(`${API}/v1/convai/llm`, {
    method: 'PUT',
    headers: { 'xi-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ base_url: llm.baseUrl, model: 'stand-in-1' }),
  });
  expect(llmSet.status).toBe(200);
  const { agentId } = await sdk.conversationalAi.agents.create({
    name: 'Shop window',
    conversationConfig: {
      agent: {
        firstMessage: 'Hi.',
        language: 'en',
        prompt: {
          prompt: 'You run the shop window.',
          tools: [
            {
              type: 'client',
              name: 'show_banner',
              description: 'Shows the banner on the page and returns its text',
              expectsResponse: true,
            } as never,
          ],
        },
      },
      conversation: { maxDurationSeconds: 180 },
    },
  });

  await page.goto(PAGE);
  const conversationId = await page.evaluate(
    ([id, origin, banner]) =>
      (window as unknown as { start: (...a: string[]) => Promise<string> }).start(id!, origin!, banner!),
    [agentId, API.replace('http', 'ws'), BANNER],
  );
  expect(conversationId).toMatch(/^conv_/);
  const events = () => page.evaluate(() => (window as unknown as { events: Logged[] }).events);

  // The spoken request is heard and transcribed (the greeting may already be cut off by it: the file starts
  // before a cold server has finished synthesizing it, so the greeting is checked in the stored record).
  await expect
    .poll(async () =>
      (await events()).some(
        (e) => e.type === 'message' && (e.data as { source: string; message: string }).message === 'Hi.',
      ),
    )
    .toBe(true);
  await expect
    .poll(
      async () =>
        (await events()).find(
          (e) => e.type === 'message' && (e.data as { source: string }).source === 'user',
        ),
      { timeout: 60_000 },
    )
    .toBeTruthy();
  // The language model calls the page's tool; the page shows the banner and answers with its text.
  await expect(page.locator('#banner')).toHaveText(BANNER, { timeout: 60_000 });
  const toolCall = (await events()).find((e) => e.type === 'client_tool')!;
  expect(typeof (toolCall.data as { text: string }).text).toBe('string');
  // The agent reads the banner out (audio played: the client's output analyser hears it)…
  await expect
    .poll(async () => (await events()).some((e) => e.type === 'mode' && e.data === 'speaking'))
    .toBe(true);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { maxVolume: number }).maxVolume))
    .toBeGreaterThan(0.01);
  // …and the user's second request cuts it off: the server sends an interruption and the client stops.
  await expect
    .poll(async () => (await events()).some((e) => e.type === 'interruption'), { timeout: 60_000 })
    .toBe(true);
  await expect
    .poll(async () => (await events()).filter((e) => e.type === 'client_tool').length, { timeout: 60_000 })
    .toBeGreaterThanOrEqual(2);
  const errors = (await events()).filter((e) => e.type === 'error');
  expect(errors).toEqual([]);
  await page.evaluate(() =>
    (window as unknown as { conversation: { endSession(): Promise<void> } }).conversation.endSession(),
  );
  await expect.poll(async () => (await events()).some((e) => e.type === 'disconnect')).toBe(true);

  // The stored record: the greeting, the user's turns, the tool call and its result, the cut-off answer.
  await expect
    .poll(async () => (await sdk.conversationalAi.conversations.get(conversationId)).status, {
      timeout: 30_000,
    })
    .toBe('done');
  const record = await sdk.conversationalAi.conversations.get(conversationId);
  const transcript = record.transcript;
  expect(transcript[0]).toMatchObject({ role: 'agent', message: 'Hi.' });
  expect(transcript.filter((t) => t.role === 'user').length).toBeGreaterThanOrEqual(2);
  const withTool = transcript.find((t) => t.toolCalls?.some((c) => c.toolName === 'show_banner'));
  expect(withTool?.toolResults?.[0]).toMatchObject({
    toolName: 'show_banner',
    resultValue: BANNER,
    isError: false,
  });
  expect(
    transcript.some((t) => t.role === 'agent' && (t as { interrupted?: boolean }).interrupted === true),
  ).toBe(true);
  expect(llm.requests.some((r) => JSON.stringify(r.body.messages).includes(BANNER))).toBe(true);
  await shoot(page, { path: test.info().outputPath('elevenlabs-client.png') });
});
