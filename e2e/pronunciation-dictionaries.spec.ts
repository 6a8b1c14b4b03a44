import { expect as baseExpect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { signUpAndOnboard } from './flows';
import { shoot } from './screens';

// Issue 12 "Pronunciation dictionaries": a new user makes a dictionary from an alias rule, adds a second rule,
// downloads the current version as PLS (both rules in it) and archives the dictionary, in Chromium.
const user = {
  email: `e2e-pronunciation-${Date.now()}@example.com`,
  firstName: 'Ada',
  password: 'e2e-password-1!',
};
const expect = baseExpect.configure({ timeout: 20_000 });

test.use({ viewport: { width: 1440, height: 900 } });

test('creates a dictionary, adds a rule, downloads its PLS and archives it', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndOnboard(page, user);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pronunciation' }).click();
  await expect(page).toHaveURL(/\/app\/pronunciation-dictionaries$/);
  await expect(
    page.getByRole('main').getByRole('heading', { name: 'Pronunciation dictionaries' }),
  ).toBeVisible();
  await expect(page.getByText('No pronunciation dictionaries yet.')).toBeVisible();

  const form = page.getByRole('region', { name: 'New dictionary' });
  await form.getByLabel('Name').fill('Brand names');
  await form.getByLabel('Word or phrase').fill('Vocalis');
  await form.getByLabel('Say it as').fill('voh kah liss');
  await form.getByRole('button', { name: 'Create dictionary' }).click();

  const panel = page.getByRole('region', { name: 'Dictionary Brand names' });
  const rules = panel.getByRole('list', { name: 'Rules' });
  await expect(rules.getByRole('listitem')).toHaveText([/Vocalis.*voh kah liss/]);
  await expect(page).toHaveURL(/\?dictionary=/);

  // A second rule: a phoneme rule in IPA makes a new version with two rules.
  await panel.getByLabel('Rule type').selectOption('phoneme');
  await panel.getByLabel('Word or phrase').fill('tomato');
  await panel.getByLabel('Phonemes').fill('təˈmɑːtoʊ');
  await panel.getByRole('button', { name: 'Add rule' }).click();
  await expect(rules.getByRole('listitem')).toHaveText([
    /Vocalis.*voh kah liss/,
    /tomato.*\/təˈmɑːtoʊ\/ \(IPA\)/,
  ]);
  await expect(panel.getByText(/· 2 rules/)).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Dictionaries' }).getByRole('listitem').filter({ hasText: 'Brand names' }),
  ).toContainText('2 rules');

  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download PLS' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.pls$/);
  const pls = readFileSync((await download.path())!, 'utf8');
  expect(pls).toContain('<lexicon');
  expect(pls).toMatch(/<grapheme>Vocalis<\/grapheme>\s*<alias>voh kah liss<\/alias>/);
  expect(pls).toMatch(/<grapheme>tomato<\/grapheme>\s*<phoneme>təˈmɑːtoʊ<\/phoneme>/);
  expect(pls).toContain('alphabet="ipa"');

  await shoot(page, { path: test.info().outputPath('pronunciation-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel.getByRole('button', { name: 'Download PLS' })).toBeVisible();
  await shoot(page, { path: test.info().outputPath('pronunciation-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  await panel.getByRole('button', { name: 'Archive' }).click();
  await expect(panel.getByRole('button', { name: 'Restore' })).toBeVisible();
  const item = page
    .getByRole('list', { name: 'Dictionaries' })
    .getByRole('listitem')
    .filter({ hasText: 'Brand names' });
  await expect(item).toContainText('Archived');
  // Still archived after a reload: the server stored it.
  await page.reload();
  await expect(item).toContainText('Archived');
});
