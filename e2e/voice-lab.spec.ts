import { readFile, writeFile } from 'node:fs/promises';
import { chromium, expect as baseExpect, test, type Page } from '@playwright/test';
import { E2E_PORT } from './e2e-env';
import { fillSignIn, signUpAndOnboard } from './flows';
import { DESKTOP, shoot, shots } from './screens';

// Issue 10's voice lab in the built app: a new user clones a voice from an uploaded recording (speech
// the server itself speaks), hears its preview, sees its sample's waveform, speaks with it on the text
// to speech page, deletes a sample and the voice; then records a sample in the browser (Chromium's fake
// microphone playing a speech file) and clones from that. Screenshots at 1440 and 390, light and dark.
const stamp = Date.now();
const email = `voicelab-${stamp}@example.com`;
const password = 'Voice-lab-e2e-1!';
const SPEECH =
  'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background. ' +
  'It is easy to tell the depth of a well. These days a chicken leg is a rare dish.';

test.use({ viewport: DESKTOP });
// Upper bounds for a shared 2-core machine (speech, first clone's calibration), not timings.
const expect = baseExpect.configure({ timeout: 30_000 });

let wavPath = '';

/** Decodes audio bytes in the browser (Web Audio) and returns their duration in seconds. */
async function decodedSeconds(page: Page, bytes: Buffer): Promise<number> {
  return page.evaluate(async (b64) => {
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const audio = await new OfflineAudioContext(1, 1, 44_100).decodeAudioData(data.buffer);
    return audio.duration;
  }, bytes.toString('base64'));
}

async function signIn(page: Page) {
  await page.goto('/sign-in?redirect=/app/voice-lab');
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(/\/app\/voice-lab$/);
}

test.describe.configure({ mode: 'serial' });

test('a new user clones a voice from an upload, previews it, speaks with it, and deletes a sample and the voice', async ({
  page,
}) => {
  test.setTimeout(300_000);

  // Sign up, verify, sign in, answer the onboarding survey.
  await signUpAndOnboard(page, { email, firstName: 'Vera', password });

  // A speech recording to clone from, spoken by the server's own text to speech as a WAV.
  const voices = (await (await page.request.get('/v1/voices')).json()) as { voices: { voice_id: string }[] };
  const tts = await page.request.post(
    `/v1/text-to-speech/${voices.voices[0]!.voice_id}?output_format=wav_16000`,
    {
      data: { text: SPEECH },
    },
  );
  expect(tts.status()).toBe(200);
  const wav = await tts.body();
  wavPath = test.info().outputPath('speech.wav');
  await writeFile(wavPath, wav);

  // My voices from the sidebar: empty, with the free plan's allowance.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My voices' }).click();
  await expect(page).toHaveURL(/\/app\/voice-lab$/);
  await expect(page.getByTestId('voice-slots')).toHaveText('0 / 3 custom voices');
  await expect(page.getByTestId('voice-add-edits')).toHaveText('0 / 55 voice adds and edits this month');
  await expect(page.getByText('No voices of your own yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Design a voice' })).toHaveAttribute(
    'href',
    '/app/voice-lab?dialog=design-voice',
  );
  await shots(page, 'voice-lab-empty', { fullPage: false });

  // Add voice: the dialog checks first, then sends the upload.
  await page.getByRole('button', { name: 'Add voice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add voice' });
  await dialog.getByRole('button', { name: 'Add voice' }).click();
  await expect(dialog.getByRole('alert', { name: 'Problems' })).toContainText('Give the voice a name.');
  await dialog.getByLabel('Name').fill('Harvard Reader');
  await dialog.getByRole('button', { name: 'Add label' }).click();
  await dialog.getByLabel('Label 1 name').fill('accent');
  await dialog.getByLabel('Label 1 value').fill('american');
  await dialog.getByLabel('Audio files').setInputFiles(wavPath);
  await expect(dialog.getByRole('list', { name: 'Samples to send' })).toContainText('speech.wav');
  await shots(page, 'add-voice-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Add voice' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 120_000 });

  // The new voice's details open: its sample's waveform from the real audio, what was fitted.
  const details = page.getByRole('dialog', { name: 'Harvard Reader' });
  await expect(details).toBeVisible();
  await expect(details.getByTestId('profile-summary')).toContainText('fitted to the samples');
  await expect(
    details.getByRole('region', { name: 'Samples (1)' }).locator('canvas[data-waveform="drawn"]'),
  ).toBeVisible();
  await details.getByRole('button', { name: 'Play speech.wav' }).click();
  await expect(details.getByRole('button', { name: 'Pause speech.wav' })).toBeVisible();
  await details.getByRole('button', { name: 'Pause speech.wav' }).click();
  // Its preview: a fixed sentence in the profile voice, rendered on first play.
  await details.getByRole('button', { name: 'Play preview of Harvard Reader' }).click();
  await expect(details.getByRole('button', { name: 'Stop preview of Harvard Reader' })).toHaveAttribute(
    'data-state',
    'playing',
    {
      timeout: 60_000,
    },
  );
  await shots(page, 'voice-details', { fullPage: false });
  await details.getByRole('button', { name: 'Stop preview of Harvard Reader' }).click();

  // A second sample through the edit form, then delete one (confirmed).
  await details
    .getByLabel('Audio files')
    .setInputFiles({ name: 'second.wav', mimeType: 'audio/wav', buffer: wav });
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByRole('region', { name: 'Samples (2)' })).toBeVisible({ timeout: 60_000 });
  await details.getByRole('button', { name: 'Delete sample second.wav' }).click();
  const confirmSample = page
    .getByRole('alertdialog', { name: 'Delete sample' })
    .or(page.getByRole('dialog', { name: 'Delete sample' }));
  await confirmSample.getByRole('button', { name: 'Delete sample' }).click();
  await expect(details.getByRole('region', { name: 'Samples (1)' })).toBeVisible({ timeout: 60_000 });
  await details.getByRole('button', { name: 'Close details' }).click();

  // Listed with its badges; the allowance counts it.
  const card = page
    .getByRole('list', { name: 'My voices' })
    .getByRole('listitem', { name: 'Harvard Reader' });
  await expect(card).toContainText('Instant clone');
  await expect(card).toContainText('Profile voice');
  await expect(page.getByTestId('voice-slots')).toHaveText('1 / 3 custom voices');
  // One add, one edit with a file.
  await expect(page.getByTestId('voice-add-edits')).toHaveText('2 / 55 voice adds and edits this month');
  await shots(page, 'voice-lab-list', { fullPage: false });

  // Workspace voices says who added it; default voices filter.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Workspace voices' })
    .click();
  await expect(page.getByRole('listitem', { name: 'Harvard Reader' }).getByTestId('added-by')).toContainText(
    'Added by Vera',
  );
  await shots(page, 'workspace-voices', { fullPage: false });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Default voices' }).click();
  const all = Number((await page.getByTestId('default-count').textContent())!.split(' of ')[1]);
  expect(all).toBe(30);
  await page.getByLabel('Gender').selectOption('female');
  await expect(page.getByTestId('default-count')).not.toHaveText(`${all} of ${all}`);
  const females = await page
    .getByRole('list', { name: 'Default voices' })
    .getByRole('listitem', { name: /./ })
    .count();
  expect(females).toBeGreaterThan(0);
  expect(females).toBeLessThan(all);
  await shots(page, 'default-voices', { fullPage: false });

  // Use in text to speech: the page opens with the clone selected, in the dropdown's cloned section.
  await page.goto('/app/voice-lab');
  await card.getByRole('button', { name: 'Open Harvard Reader' }).click();
  await page
    .getByRole('dialog', { name: 'Harvard Reader' })
    .getByRole('link', { name: 'Use in text to speech' })
    .click();
  await expect(page).toHaveURL(/\/app\/speech-synthesis\/text-to-speech$/);
  await expect(page.getByRole('button', { name: 'Voice: Harvard Reader' })).toBeVisible();
  await page.getByRole('button', { name: 'Voice: Harvard Reader' }).click();
  await expect(
    page.getByRole('group', { name: 'Cloned voices' }).getByRole('option', { name: /Harvard Reader/ }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByLabel('Text').fill('This sentence is spoken by my profile voice.');
  await page.getByRole('button', { name: 'Generate speech' }).click();
  const download = page.getByRole('button', { name: 'Download' });
  await expect(download).toBeEnabled({ timeout: 60_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const seconds = await decodedSeconds(page, await readFile((await file.path())!));
  expect(seconds).toBeGreaterThan(1);

  // Delete the voice: the confirm dialog asks for its name.
  await page.goto('/app/voice-lab');
  await card.getByRole('button', { name: 'Open Harvard Reader' }).click();
  await page
    .getByRole('dialog', { name: 'Harvard Reader' })
    .getByRole('button', { name: 'Delete voice' })
    .click();
  const confirmVoice = page
    .getByRole('alertdialog', { name: 'Delete voice' })
    .or(page.getByRole('dialog', { name: 'Delete voice' }));
  const confirmButton = confirmVoice.getByRole('button', { name: 'Delete voice' });
  await expect(confirmButton).toBeDisabled();
  await confirmVoice.getByRole('textbox').fill('Harvard Reader');
  await confirmButton.click();
  await expect(page.getByText('No voices of your own yet')).toBeVisible();
  await expect(page.getByTestId('voice-slots')).toHaveText('0 / 3 custom voices');
});

test('records a sample in the browser with MediaRecorder and clones from it', async () => {
  test.setTimeout(240_000);
  expect(wavPath, 'the first test made the speech file').not.toBe('');
  // Chromium's fake microphone plays the speech file; only this test's browser gets these flags.
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wavPath}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}`, viewport: DESKTOP });
    await context.grantPermissions(['microphone']);
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('button', { name: 'Add voice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add voice' });
    await dialog.getByLabel('Name').fill('Recorded Voice');
    const recorder = dialog.getByRole('group', { name: 'Record a sample' });
    await recorder.getByRole('button', { name: 'Record' }).click();
    await expect(recorder.getByTestId('recording-time')).toHaveText(/Recording 0:0[6-9]/, {
      timeout: 60_000,
    });
    await shoot(page, { path: test.info().outputPath('recording-1440-light.png') });
    await recorder.getByRole('button', { name: 'Stop' }).click();
    await expect(recorder.getByLabel('Recorded sample')).toBeVisible();
    await expect(recorder.getByTestId('recording-duration')).toHaveText(/0:0[6-9]|0:1\d/);
    // Re-record replaces the take; keep the second one.
    await recorder.getByRole('button', { name: 'Re-record' }).click();
    await expect(recorder.getByTestId('recording-time')).toHaveText(/Recording 0:0[6-9]/, {
      timeout: 60_000,
    });
    await recorder.getByRole('button', { name: 'Stop' }).click();
    await recorder.getByRole('button', { name: 'Use recording' }).click();
    await expect(dialog.getByRole('list', { name: 'Samples to send' })).toContainText(/recording-.*\.webm/);
    await dialog.getByRole('button', { name: 'Add voice' }).click();
    await expect(dialog).toHaveCount(0, { timeout: 120_000 });
    const details = page.getByRole('dialog', { name: 'Recorded Voice' });
    await expect(details.getByRole('region', { name: 'Samples (1)' })).toContainText(/recording-.*\.webm/);
    await expect(details.locator('canvas[data-waveform="drawn"]')).toBeVisible();
    await expect(details.getByTestId('profile-summary')).toContainText('fitted to the samples');
    await context.close();
  } finally {
    await browser.close();
  }
});
