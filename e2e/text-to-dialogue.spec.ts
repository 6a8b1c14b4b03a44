import { expect, test, type Page } from '@playwright/test';
import { admin } from './admin-cli';
import { signInTo } from './flows';

const email = `e2e-dialogue-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const PAGE = '/app/speech-synthesis/text-to-speech';

test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

const signIn = (page: Page) => signInTo(page, email, password, PAGE);

/** Picks the voice at `nth` in the default section for line `line` and returns its name. */
async function pickVoice(page: Page, line: number, nth: number): Promise<string> {
  const item = page
    .getByRole('list', { name: 'Dialogue lines' })
    .getByRole('listitem', { name: `Line ${line}` });
  await item.getByRole('button', { name: /^Voice: / }).click();
  const option = page.getByRole('group', { name: 'Default voices' }).getByRole('option').nth(nth);
  const name = (await option.locator('span').first().textContent())!.trim();
  await option.click();
  await expect(item.getByRole('button', { name: `Voice: ${name}` })).toBeVisible();
  return name;
}

test('writes a two-voice dialogue, generates it, hears it and finds it in history', async ({ page }) => {
  await signIn(page);
  await page.getByRole('radio', { name: 'Dialogue' }).click();
  const lines = page.getByRole('list', { name: 'Dialogue lines' });
  await expect(lines.getByRole('listitem')).toHaveCount(2);

  const first = await pickVoice(page, 1, 2);
  const second = await pickVoice(page, 2, 5);
  expect(first).not.toBe(second);
  const stamp = Date.now();
  const one = `Good morning, this is dialogue ${stamp}.`;
  const two = 'Good morning to you too. Shall we begin?';
  await page.getByLabel('Line 1 text').fill(one);
  await page.getByLabel('Line 2 text').fill(two);
  await expect(page.getByTestId('character-count')).toHaveText(`${one.length + two.length} / 3,000`);
  await expect(page.getByTestId('dialogue-voice-count')).toHaveText('2 / 10 voices');

  // A third line, moved to the top, then removed: the editor keeps the first two intact.
  await page.getByRole('button', { name: 'Add line' }).click();
  await page.getByLabel('Line 3 text').fill('A line to drop.');
  await page.getByRole('button', { name: 'Move line 3 up' }).click();
  await expect(page.getByLabel('Line 2 text')).toHaveValue('A line to drop.');
  await page.getByRole('button', { name: 'Remove line 2' }).click();
  await expect(lines.getByRole('listitem')).toHaveCount(2);

  // The dialogue survives a reload (saved in browser storage), and the mode with it.
  await page.reload();
  await expect(page.getByLabel('Line 1 text')).toHaveValue(one);
  await expect(page.getByLabel('Line 2 text')).toHaveValue(two);

  await page.getByRole('button', { name: 'Generate dialogue' }).click();
  const player = page.getByTestId('audio-player');
  await expect(player).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect(player.getByText(`${first}, ${second}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toBeEnabled({ timeout: 30_000 });

  await page.getByRole('main').getByRole('link', { name: 'History', exact: true }).click();
  const row = page.getByTestId('history-row').filter({ hasText: `dialogue ${stamp}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(`${one.length + two.length} characters`)).toBeVisible();
  await expect(row.getByText(`${first}, ${second}`)).toBeVisible();
});
