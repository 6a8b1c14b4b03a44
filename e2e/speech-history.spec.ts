import { expect, test, type Page } from '@playwright/test';
import { admin } from './admin-cli';

const email = `e2e-history-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const TTS = '/app/speech-synthesis/text-to-speech';
const HISTORY = `${TTS}/history`;

test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

async function signIn(page: Page, target: string) {
  await page.goto(`/sign-in?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
}

test('lists a generation in history, plays and downloads it, then deletes it after confirmation', async ({
  page,
}) => {
  await signIn(page, HISTORY);
  await expect(page.getByText('No generations yet')).toBeVisible();
  await page.getByRole('link', { name: 'Generate speech' }).click();
  await expect(page).toHaveURL(new RegExp(`${TTS}$`));

  const text = `History end to end check ${Date.now()}.`;
  await page.getByLabel('Text').fill(text);
  await page.getByRole('button', { name: 'Generate speech' }).click();
  // Download is enabled once the history item exists.
  await expect(page.getByRole('button', { name: 'Download' })).toBeEnabled({ timeout: 30_000 });

  await page.getByRole('main').getByRole('link', { name: 'History', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${HISTORY}$`));
  const row = page.getByTestId('history-row').filter({ hasText: text });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(`${text.length} characters`)).toBeVisible();

  // Search narrows the list (debounced).
  await page.getByLabel('Search history').fill('no generation says this');
  await expect(page.getByText('No generations match these filters.')).toBeVisible();
  await page.getByLabel('Search history').fill('');
  await expect(row).toHaveCount(1);

  // Play in the shared player, source mode.
  await row.getByRole('button', { name: /^Play / }).click();
  const player = page.getByTestId('audio-player');
  await expect(player).toHaveAttribute('data-mode', 'source');
  await expect(player).toHaveAttribute('data-state', /playing|ended/, { timeout: 20_000 });

  // Select and download: one item comes back as audio under the server's name.
  await row.getByRole('checkbox').check();
  const selection = page.getByRole('toolbar', { name: 'Selection' });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    selection.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^Vocalis_.*\.mp3$/);

  // Delete asks first; cancel keeps the row.
  await selection.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Delete this generation?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(1);

  await selection.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Generation deleted')).toBeVisible();
  await expect(page.getByText('No generations yet')).toBeVisible();
});
