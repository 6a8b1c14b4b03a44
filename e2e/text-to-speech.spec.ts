import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { admin } from './admin-cli';
import { signInTo } from './flows';

const email = `e2e-tts-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const PAGE = '/app/speech-synthesis/text-to-speech';

test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

const signIn = (page: Page) => signInTo(page, email, password, PAGE);

test('types text, picks a voice, generates, hears it stream, and downloads the mp3', async ({ page }) => {
  await signIn(page);
  await expect(
    page.getByRole('navigation').getByRole('link', { name: 'Text to speech', exact: true }),
  ).toBeVisible();

  const text = 'Hello from the end to end test. The player should start while the rest is still streaming.';
  await page.getByLabel('Text').fill(text);
  await expect(page.getByTestId('character-count')).toHaveText(new RegExp(`^${text.length} / `));

  // Voice dropdown: search, "No Results.", then pick one; it becomes the first Recent voice.
  await page.getByRole('button', { name: /^Voice: / }).click();
  const search = page.getByRole('searchbox', { name: 'Search voices' });
  await search.fill('no voice is called this');
  await expect(page.getByText('No Results.')).toBeVisible();
  await search.fill('');
  const option = page.getByRole('group', { name: 'Default voices' }).getByRole('option').nth(1);
  const voiceName = (await option.locator('span').first().textContent())!.trim();
  await option.click();
  await expect(page.getByRole('button', { name: `Voice: ${voiceName}` })).toBeVisible();

  // A setting beyond its warn bound is flagged.
  await page.getByRole('slider', { name: /^Stability/ }).fill('0.1');
  await expect(page.getByText('- Unstable')).toBeVisible();
  await page.getByRole('button', { name: 'Reset values' }).click();
  await expect(page.getByText('- Unstable')).toHaveCount(0);

  await page.getByRole('button', { name: 'Generate speech' }).click();
  const player = page.getByTestId('audio-player');
  await expect(player).toHaveAttribute('data-mode', 'stream');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect(player.getByText(voiceName)).toBeVisible();

  // The waveform is drawn from the decoded audio once the stream ends; the total time is then known.
  await expect(page.locator('[data-waveform]')).toHaveAttribute('data-waveform', 'drawn', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('total')).not.toHaveText('--:--');

  // Feedback thumbs appear after 3 s of playback or at the end.
  await expect(page.getByRole('button', { name: 'Thumbs up' })).toBeVisible({ timeout: 15_000 });

  // Download: enabled once the history item is found (or from the streamed bytes without history).
  const download = page.getByRole('button', { name: 'Download' });
  await expect(download).toBeEnabled({ timeout: 20_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^Vocalis_.*\.mp3$/);
  const bytes = await readFile((await file.path())!);
  expect(bytes.length).toBeGreaterThan(1000);
  // An MP3 starts with an ID3 tag or an MPEG frame sync.
  expect(
    bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0),
  ).toBe(true);

  // Thumbs up on a short text opens the feedback dialog; the feedback is stored on the history item.
  await page.getByRole('button', { name: 'Thumbs up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Describe the tone and situation' });
  await dialog.getByLabel('Feedback').fill('Calm, friendly narration for a product demo.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Your feedback has been submitted. Thank you')).toBeVisible();
  // The toast sits above the player bar, not over its download button.
  const toastBox = (await page.getByText('Your feedback has been submitted. Thank you').boundingBox())!;
  const barBox = (await page.getByRole('region', { name: 'Audio player' }).boundingBox())!;
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y);
  await expect(dialog).toHaveCount(0);

  // Show/hide.
  await page.getByRole('button', { name: 'Hide player' }).click();
  await page.getByRole('button', { name: 'Show player' }).click();
  await expect(page.getByRole('region', { name: 'Audio player' })).toBeVisible();

  // Recent remembers the voice; the choice survives a reload.
  await page.reload();
  await expect(page.getByRole('button', { name: `Voice: ${voiceName}` })).toBeVisible();
  await page.getByRole('button', { name: `Voice: ${voiceName}` }).click();
  await expect(
    page.getByRole('group', { name: 'Recent' }).getByRole('option', { name: new RegExp(voiceName) }),
  ).toBeVisible();
});

test('at 1440×900 a sample text generates and the Generate button stays clear of the player', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await expect(page.getByRole('combobox', { name: 'Model' })).toBeEnabled({ timeout: 20_000 });
  // The model line says what it speaks, not how the engine works.
  await expect(page.getByTestId('model-summary')).toHaveText(/languages|English only/);
  await expect(page.getByTestId('language-hint')).toBeVisible();
  await page.getByRole('group', { name: 'Samples to try' }).getByRole('button').first().click();
  await expect(page.getByLabel('Text')).not.toHaveValue('');
  const generate = page.getByRole('button', { name: 'Generate speech' });
  await generate.click();
  const bar = page.getByRole('region', { name: 'Audio player' });
  await expect(bar).toBeVisible();
  const button = (await generate.boundingBox())!;
  const player = (await bar.boundingBox())!;
  expect(button.y + button.height).toBeLessThanOrEqual(player.y);
});

test('remembers the selected model in local storage', async ({ page }) => {
  await signIn(page);
  const select = page.getByRole('combobox', { name: 'Model' });
  await expect(select).toBeEnabled();
  const values = await select
    .locator('option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  test.skip(values.length < 2, 'only one text-to-speech model on this server');
  await select.selectOption(values[1]!);
  expect(await page.evaluate(() => localStorage.getItem('xi:selected_model'))).toBe(
    JSON.stringify(values[1]),
  );
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue(values[1]!);
});
