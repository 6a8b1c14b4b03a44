import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { admin } from './admin-cli';
import { signUpAndOnboard } from './flows';
import { shoot } from './screens';

// Issue 10's professional cloning in the built app: a Creator user creates a professional voice, uploads
// two short samples (speech the server itself speaks), sees their waveforms, separates one by speaker,
// verifies the voice by uploading a reading of the captcha text, trains it with a live progress bar, and
// generates speech with it from the text to speech page.
const stamp = Date.now();
const email = `pvc-${stamp}@example.com`;
const password = 'Pro-voice-e2e-1!';
// Upper bounds for a shared 2-core machine, not timings.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Speech the server speaks with its default voice, as a 16 kHz WAV. */
async function speech(page: Page, text: string): Promise<Buffer> {
  const voices = (await (await page.request.get('/v1/voices')).json()) as {
    voices: { voice_id: string; category: string }[];
  };
  const premade = voices.voices.find((v) => v.category === 'premade')!;
  const res = await page.request.post(`/v1/text-to-speech/${premade.voice_id}?output_format=wav_16000`, {
    data: { text },
  });
  expect(res.status()).toBe(200);
  return res.body();
}

async function decodedSeconds(page: Page, bytes: Buffer): Promise<number> {
  return page.evaluate(async (b64) => {
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const audio = await new OfflineAudioContext(1, 1, 44_100).decodeAudioData(data.buffer);
    return audio.duration;
  }, bytes.toString('base64'));
}

test('a Creator user creates, verifies and trains a professional voice, then speaks with it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUpAndOnboard(page, { email, firstName: 'Pia', password });
  await admin('set-plan', '--email', email, '--tier', 'creator');

  const one = await speech(
    page,
    'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background. Rice is often served in round bowls.',
  );
  const two = await speech(
    page,
    'It is easy to tell the depth of a well. These days a chicken leg is a rare dish. The juice of lemons makes fine punch.',
  );

  await page.goto('/app/home');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Professional cloning' })
    .click();
  await expect(page).toHaveURL(/\/app\/professional-voice-cloning$/);
  await expect(
    page.getByRole('banner').getByRole('heading', { name: 'Professional voice cloning' }),
  ).toBeVisible();
  await expect(page.getByTestId('pvc-limits')).toHaveText('Professional voices: 0 / 1');
  await expect(page.getByText('No professional voices yet.')).toBeVisible();

  // Create, then upload both samples at once.
  await page.getByLabel('Name of the new professional voice').fill('Studio Narrator');
  await page.getByRole('button', { name: 'Create professional voice' }).click();
  const panel = page.getByTestId('pvc-voice');
  await expect(panel.getByRole('heading', { name: 'Studio Narrator' })).toBeVisible();
  await expect(page.getByTestId('pvc-limits')).toHaveText('Professional voices: 1 / 1');
  await panel.getByLabel('Add samples').setInputFiles([
    { name: 'one.wav', mimeType: 'audio/wav', buffer: one },
    { name: 'two.wav', mimeType: 'audio/wav', buffer: two },
  ]);
  await expect(panel.getByTestId('pvc-sample')).toHaveCount(2, { timeout: 60_000 });
  await expect(panel.getByTestId('sample-waveform').first().locator('span')).toHaveCount(100);
  // Trim the first sample to 0.5-3 s (the server cuts the stored original), then undo it.
  const first = panel.getByTestId('pvc-sample').first();
  const fullDuration = (await first.getByText(/^\d+\.\d s$/).textContent())!;
  await first.getByLabel('Keep from (seconds)').fill('0.5');
  await first.getByLabel('to (seconds)').fill('3');
  await first.getByRole('button', { name: 'Apply' }).click();
  await expect(first.getByText('2.5 s', { exact: true })).toBeVisible({ timeout: 30_000 });
  await first.getByLabel('Keep from (seconds)').fill('');
  await first.getByLabel('to (seconds)').fill('');
  await first.getByRole('button', { name: 'Apply' }).click();
  await expect(first.getByText(fullDuration, { exact: true })).toBeVisible({ timeout: 30_000 });
  // One reader: speaker separation finds one speaker.
  await panel.getByTestId('pvc-sample').first().getByRole('button', { name: 'Separate speakers' }).click();
  await expect(panel.getByTestId('pvc-sample').first().getByTestId('speakers')).toContainText('Speaker 0');
  await expect(panel.getByRole('button', { name: 'Start training' })).toBeDisabled();
  await shoot(page, { path: test.info().outputPath('pvc-samples.png'), fullPage: true });

  // Verify: the page shows the captcha text; a reading of it is uploaded.
  await panel.getByRole('link', { name: 'read the captcha text' }).click();
  await expect(page).toHaveURL(/\/app\/voice-verification\?voice_id=/);
  const text = (await page.getByTestId('captcha-text').textContent())!.trim();
  expect(text.split(' ').length).toBeGreaterThan(5);
  await expect(page.getByRole('button', { name: 'Record', exact: true })).toBeVisible();
  await page.getByLabel('Or upload a recording').setInputFiles({
    name: 'captcha.wav',
    mimeType: 'audio/wav',
    buffer: await speech(page, text),
  });
  await expect(page.getByTestId('verification-result')).toContainText('Verified.', { timeout: 60_000 });
  await shoot(page, { path: test.info().outputPath('pvc-verified.png'), fullPage: true });

  // Train: the progress bar follows the job over live updates to 100 %.
  await page.getByRole('link', { name: 'Back to training' }).click();
  await expect(panel.getByTestId('verified')).toBeVisible();
  await panel.getByRole('button', { name: 'Start training' }).click();
  await expect(panel.getByTestId('training-state')).toHaveText('fine tuned 100 %', { timeout: 90_000 });
  await expect(panel.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(panel).toContainText('Trained: a fine profile from');
  await shoot(page, { path: test.info().outputPath('pvc-trained.png'), fullPage: true });

  // Use it: the text to speech page, with the voice in the dropdown's professional section.
  await panel.getByRole('link', { name: 'Use in text to speech' }).click();
  await expect(page).toHaveURL(/\/app\/speech-synthesis\/text-to-speech$/);
  await page.getByRole('button', { name: 'Voice: Studio Narrator' }).click();
  await expect(
    page.getByRole('group', { name: 'Professional voices' }).getByRole('option', { name: /Studio Narrator/ }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByLabel('Text').fill('This sentence is spoken by my professional voice.');
  await page.getByRole('button', { name: 'Generate speech' }).click();
  const download = page.getByRole('button', { name: 'Download' });
  await expect(download).toBeEnabled({ timeout: 60_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(await decodedSeconds(page, await readFile((await file.path())!))).toBeGreaterThan(1);
});
