import { expect as baseExpect, test, type Page } from '@playwright/test';
import { copyFileSync } from 'node:fs';
import { admin } from './admin-cli';
import { DESKTOP, screenshotsWanted, shoot } from './screens';

// Issue 12, the Studio editor: generate one block, regenerate it and choose a take, play from a block with
// read-along highlighting, split and merge blocks (seen live by another editor), insert a pause.
const email = `e2e-studio-editor-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const expect = baseExpect.configure({ timeout: 30_000 });
const TOM = '"Are you coming?" asked Tom.';
const ANNA = '"In a minute," said Anna.';
const LONG = 'The cat sat on the mat and looked at the bright moon for a very long time before it slept.';

test.use({ viewport: DESKTOP });
test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

async function shot(page: Page, name: string) {
  const file = test.info().outputPath(`${name}.png`);
  if (!screenshotsWanted) return;
  await shoot(page, { path: file, animations: 'disabled', fullPage: true });
  copyFileSync(file, `/tmp/studio-editor-${name}.png`);
}

const setCursor = (page: Page, label: string, at: number) =>
  page.getByLabel(label).evaluate((el: HTMLTextAreaElement, n) => {
    el.focus();
    el.setSelectionRange(n, n);
  }, at);

test('generates a block, picks a take, plays with read-along, splits, merges and inserts a pause', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto(`/sign-in?redirect=${encodeURIComponent('/app/studio')}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/studio$/, { timeout: 20_000 });

  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill('Editing');
  await dialog.getByRole('button', { name: 'Paste text' }).click();
  await dialog
    .getByLabel('Text')
    .fill(`Chapter 1\n\n${LONG}\n\nFirst part. Second part.\n\n${TOM}\n\n${ANNA}`);
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/app\/studio\/[A-Za-z0-9]+$/);
  await expect(page.getByLabel('Text of block 2')).toHaveValue(LONG);

  // generate one block, regenerate it, and go back to the first take
  await page.getByRole('button', { name: 'Generate block 2' }).click();
  const takes = page.getByRole('list', { name: 'Takes of block 2' });
  await expect(takes.getByRole('listitem')).toHaveCount(1, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Regenerate block 2' }).click();
  await expect(takes.getByRole('listitem')).toHaveCount(2, { timeout: 60_000 });
  await expect(takes.getByRole('listitem').nth(1)).toContainText('In use');
  await page.getByRole('button', { name: 'Use take 1 of block 2' }).click();
  await expect(takes.getByRole('listitem').nth(0)).toContainText('In use');
  await expect(takes.getByRole('listitem').nth(1)).not.toContainText('In use');
  await expect(page.getByRole('button', { name: 'Use take 2 of block 2' })).toBeVisible();
  await shot(page, 'takes');

  // play from block 2: the highlighted word moves while it plays
  await page.getByRole('button', { name: 'Play from block 2' }).click();
  const readAlong = page.getByTestId('read-along');
  await expect(readAlong).toContainText('moon');
  const current = readAlong.locator('[aria-current="true"]');
  await expect(current).toHaveCount(1, { timeout: 10_000 });
  const first = Number(await current.getAttribute('data-word'));
  const firstText = await current.textContent();
  await shot(page, 'read-along');
  await expect
    .poll(async () => Number(await current.getAttribute('data-word')), { timeout: 15_000 })
    .toBeGreaterThan(first + 2);
  expect(await current.textContent()).not.toBe(firstText);
  await shot(page, 'read-along-later');
  await page.getByRole('button', { name: 'Stop playing' }).click();
  await expect(readAlong).toHaveCount(0);

  // another editor of the project sees splits and merges without reloading
  const other = await page.context().newPage();
  await other.goto(page.url());
  await expect(other.getByLabel('Text of block 3')).toHaveValue('First part. Second part.');

  await setCursor(page, 'Text of block 3', 'First part.'.length);
  await page.getByRole('button', { name: 'Split block 3 at the cursor' }).click();
  await expect(page.getByLabel('Text of block 3')).toHaveValue('First part.');
  await expect(page.getByLabel('Text of block 4')).toHaveValue('Second part.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await expect(other.getByLabel('Text of block 4')).toHaveValue('Second part.');
  await shot(page, 'split');

  await page.getByRole('button', { name: 'Merge block 3 with the next' }).click();
  await expect(page.getByLabel('Text of block 3')).toHaveValue('First part. Second part.');
  await expect(page.getByLabel('Text of block 4')).toHaveValue(TOM);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(other.getByLabel('Text of block 3')).toHaveValue('First part. Second part.');
  await expect(other.getByLabel('Text of block 4')).toHaveValue(TOM);
  await other.close();

  // insert a 2 s pause at the cursor; the block's new take is longer by about that much
  const before = Number(await takes.getByRole('listitem').nth(0).getAttribute('data-duration'));
  await setCursor(page, 'Text of block 2', 'The cat sat on the mat'.length);
  await page.getByLabel('Pause length').selectOption('2.0');
  await page.getByRole('button', { name: 'Insert pause in block 2' }).click();
  await expect(page.getByLabel('Text of block 2')).toHaveValue(
    `The cat sat on the mat <break time="2.0s" /> ${LONG.slice(23)}`,
  );
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await expect(takes.getByRole('listitem').nth(0)).toContainText('made from earlier text');
  await page.getByRole('button', { name: 'Regenerate block 2' }).click();
  await expect(takes.getByRole('listitem')).toHaveCount(3, { timeout: 60_000 });
  const after = Number(await takes.getByRole('listitem').nth(2).getAttribute('data-duration'));
  expect(after - before).toBeGreaterThan(1.7);
  expect(after - before).toBeLessThan(2.6);
  await shot(page, 'pause');

  // each speaker of the dialogue gets its own voice; the narration keeps the block's voice
  await page.getByRole('button', { name: 'Voices for dialogue' }).click();
  await expect(page.getByTestId('dialogue-result')).toHaveText('Speakers: Tom, Anna · 2 blocks changed');
  await expect(page.getByTestId('dialogue-voices-4')).toContainText('dialogue:');
  await expect(page.getByTestId('dialogue-voices-5')).toContainText('dialogue:');
  expect(await page.getByTestId('dialogue-voices-4').textContent()).not.toBe(
    await page.getByTestId('dialogue-voices-5').textContent(),
  );
  await expect(page.getByLabel('Text of block 4')).toHaveValue(TOM);
  await shot(page, 'dialogue');
});
