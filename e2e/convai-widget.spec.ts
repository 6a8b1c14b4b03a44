import { expect as baseExpect, test } from '@playwright/test';
import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js';
import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { resample } from '../packages/speech/src/audio/resample';
import { encodeWav } from '../packages/speech/src/audio/wav';
import { createFliteEngine } from '../packages/speech/src/engines/flite';
import { synthesizeToPcm } from '../packages/speech/src/synthesize';
import { admin } from './admin-cli';
import { E2E_PORT } from './e2e-env';
import { shoot } from './screens';

// Issue 14: the embeddable widget. A site on another origin pastes the tag and the script; a visitor calls the
// agent from the floating card (Chromium's fake microphone plays a generated question), hears its greeting and
// sees the transcript, painted in the agent's widget settings. A page on an origin the agent does not allow
// gets no widget.
const API = `http://127.0.0.1:${E2E_PORT}`;
const MIC_WAV = path.join(os.tmpdir(), `e2e-convai-widget-${process.pid}.wav`);
const expect = baseExpect.configure({ timeout: 30_000 });

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

let site: http.Server;
let sitePort: number;
let agentId = '';

test.beforeAll(async () => {
  const s = await synthesizeToPcm({
    engine: createFliteEngine(),
    voice: 'kal16',
    text: 'Hello, are you there?',
  });
  const question = await resample(s.pcm, s.sampleRate, 16000);
  // The microphone (Chromium loops the file): quiet while a cold server greets, the question, then quiet long
  // enough for the agent's answer to be heard out (speech during it would interrupt it).
  const pcm = new Int16Array(6 * 16000 + question.length + 20 * 16000);
  pcm.set(question, 6 * 16000);
  writeFileSync(MIC_WAV, encodeWav(pcm, 16000));

  site = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(
      `<!doctype html><html><head><meta charset="utf-8"><title>Bakery</title></head>
<body><h1>The corner bakery</h1><p>Fresh bread every morning.</p>
<elevenlabs-convai agent-id="${agentId}"></elevenlabs-convai>
<script src="${API}/convai-widget.js" async></script></body></html>`,
    );
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  sitePort = (site.address() as AddressInfo).port;
});

test.afterAll(async () => {
  if (site) await new Promise((r) => site.close(r));
  rmSync(MIC_WAV, { force: true });
});

test('a site on another origin embeds the widget and a visitor calls the agent', async ({ page }) => {
  test.setTimeout(180_000);
  const email = `e2e-widget-${Date.now()}@example.com`;
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
  const sdk = new ElevenLabsClient({ apiKey: await admin('create-api-key', '--email', email), baseUrl: API });
  ({ agentId } = await sdk.conversationalAi.agents.create({
    name: 'Bakery',
    conversationConfig: { agent: { firstMessage: 'Welcome to the corner bakery.', language: 'en' } },
    platformSettings: {
      auth: { allowlist: [{ hostname: `127.0.0.1:${sitePort}` }] },
      widget: {
        bgColor: '#fef3c7',
        textColor: '#422006',
        btnColor: '#b45309',
        btnTextColor: '#ffffff',
        actionText: 'Questions about our bread?',
        startCallText: 'Call the bakery',
        endCallText: 'Hang up',
        listeningText: 'The baker is listening',
        speakingText: 'The baker is talking',
        transcriptEnabled: true,
      },
    },
  }));

  await page.goto(`http://127.0.0.1:${sitePort}/`);
  const widget = page.locator('elevenlabs-convai');
  const call = widget.getByRole('button', { name: 'Call the bakery' });
  await expect(call).toBeVisible();
  await expect(widget.getByText('Questions about our bread?')).toBeVisible();
  await expect(call).toHaveCSS('background-color', 'rgb(180, 83, 9)');
  await expect(widget.getByRole('region', { name: 'Chat with AI' })).toHaveCSS(
    'background-color',
    'rgb(254, 243, 199)',
  );
  await shoot(page, { path: test.info().outputPath('widget-collapsed.png') });

  await call.click();
  // The greeting's audio arrives and plays: the card says the agent is talking while it does.
  await expect(widget.getByTestId('widget-status')).toHaveText('The baker is talking');
  const transcript = widget.getByRole('list', { name: 'Transcript' });
  await expect(transcript).toContainText('Welcome to the corner bakery.');
  await expect(widget.getByRole('button', { name: 'Hang up' })).toBeVisible();
  await shoot(page, { path: test.info().outputPath('widget-call.png') });
  // The visitor's spoken question is heard and the agent answers it.
  await expect(transcript.locator('li.user').first()).toBeVisible({ timeout: 60_000 });
  await expect(transcript.locator('li.agent')).toHaveCount(2, { timeout: 60_000 });
  await expect(widget.getByTestId('widget-status')).toHaveText(/The baker is (listening|talking)/);
  await widget.getByRole('button', { name: 'Hang up' }).click();
  await expect(widget.getByTestId('widget-status')).toHaveText('The call ended.');
  await shoot(page, { path: test.info().outputPath('widget-ended.png') });

  // The conversation is recorded with the greeting.
  const { conversations } = await sdk.conversationalAi.conversations.list({ agentId });
  expect(conversations).toHaveLength(1);

  // The same page on an origin the agent's allow-list does not name gets no widget.
  await page.goto(`http://localhost:${sitePort}/`);
  await expect(page.locator('elevenlabs-convai')).toHaveAttribute('data-state', 'unavailable');
  await expect(page.getByRole('button', { name: 'Call the bakery' })).toHaveCount(0);
});
