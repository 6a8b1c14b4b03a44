import { expect as baseExpect, test, type Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resample } from '../packages/speech/src/audio/resample';
import { encodeWav } from '../packages/speech/src/audio/wav';
import { createFliteEngine } from '../packages/speech/src/engines/flite';
import { synthesizeToPcm } from '../packages/speech/src/synthesize';
import { admin } from './admin-cli';
import { DESKTOP, shots } from './screens';
import { signInTo } from './flows';

// Issue 14 "Conversational agents": a user builds an agent, gives it a knowledge base, talks to it through the
// microphone (Chromium's fake capture plays a generated question), then finds the call in the history.
const email = `e2e-agents-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const expect = baseExpect.configure({ timeout: 30_000 });
const MIC_WAV = path.join(os.tmpdir(), `e2e-agents-question-${process.pid}.wav`);
const HOURS = 'On Sunday the shop opens at eleven in the morning and closes at four in the afternoon.';

test.use({
  viewport: DESKTOP,
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

test.beforeAll(async () => {
  // The microphone: a second of quiet, the question, two seconds of quiet (Chromium loops the file).
  const s = await synthesizeToPcm({
    engine: createFliteEngine(),
    voice: 'kal16',
    text: 'When do you open on Sunday?',
  });
  const question = await resample(s.pcm, s.sampleRate, 16000);
  const pcm = new Int16Array(16000 + question.length + 32000);
  pcm.set(question, 16000);
  writeFileSync(MIC_WAV, encodeWav(pcm, 16000));
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

const signIn = (page: Page, target: string) => signInTo(page, email, password, target);

test('builds an agent with a knowledge base, talks to it through the microphone, and finds the call in the history', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, '/app/conversational-ai');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Conversational AI');
  await expect(page.getByText('No agents yet.')).toBeVisible();
  await expect(page.getByText('No language model is configured')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Conversational AI' }).getByRole('link', { name: 'Knowledge base' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'New agent' }).click();
  await page.getByLabel('Name').fill('Front desk');
  await page.getByLabel('First message').fill('Welcome to the shop.');
  await page.getByRole('button', { name: 'Create agent' }).click();
  await expect(page.getByTestId('agent-mode')).toHaveText(/Scripted/);

  await page
    .getByRole('navigation', { name: 'Conversational AI' })
    .getByRole('link', { name: 'Knowledge base' })
    .click();
  await expect(page).toHaveURL(/knowledge-base$/);
  await expect(page.getByRole('heading', { name: 'Add a document' })).toBeVisible();
  await page.getByLabel('Name').fill('Opening hours');
  await page.getByLabel('Text').fill(HOURS);
  await page.getByRole('button', { name: 'Add text' }).click();
  await expect(page.getByTestId('documents')).toContainText('Opening hours');
  await shots(page, 'knowledge-base');

  await page
    .getByRole('navigation', { name: 'Conversational AI' })
    .getByRole('link', { name: 'Agents' })
    .click();
  await expect(page).toHaveURL(/conversational-ai$/);
  await page.getByRole('button', { name: 'Front desk', exact: true }).click();
  await page.getByRole('tab', { name: 'Knowledge' }).click();
  await page.getByRole('checkbox', { name: 'Opening hours' }).check();
  await page.getByRole('button', { name: 'Save agent' }).click();
  await expect(page.getByTestId('agent-mode')).toHaveText(/retrieval/);
  await shots(page, 'agents');

  await page.getByRole('link', { name: 'Talk', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Talk to an agent');
  await expect(page.getByTestId('talk-mode')).toHaveText(/retrieval/);
  await page.getByRole('button', { name: 'Start conversation' }).click();
  const transcript = page.getByTestId('live-transcript');
  await expect(transcript).toContainText('Agent: Welcome to the shop.');
  await expect(page.getByTestId('talk-status')).toHaveText(/Listening|Agent is speaking/);
  await expect(transcript.locator('li', { hasText: 'You:' }).first()).toBeVisible({ timeout: 60_000 });
  await expect(transcript).toContainText('From the knowledge base, Opening hours:', { timeout: 60_000 });
  await shots(page, 'talk-to');
  await page.getByRole('button', { name: 'End conversation' }).click();
  await expect(page.getByTestId('talk-status')).toHaveText('Conversation ended.');

  await page
    .getByRole('navigation', { name: 'Conversational AI' })
    .getByRole('link', { name: 'Call history' })
    .click();
  await expect(page).toHaveURL(/history$/);
  await page
    .getByRole('button', { name: /Front desk/ })
    .first()
    .click();
  await expect(page.getByTestId('call-transcript')).toContainText('Welcome to the shop.');
  await expect(page.getByTestId('call-transcript')).toContainText('Retrieved from: Opening hours');
  const audio = page.getByTestId('call-audio');
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : 0)), {
      timeout: 30_000,
    })
    .toBeGreaterThan(2);
  await shots(page, 'history');
});
