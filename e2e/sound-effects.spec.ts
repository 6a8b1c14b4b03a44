import { expect as baseExpect, test, type Page } from '@playwright/test';
import { admin } from './admin-cli';
import { signInTo } from './flows';
import { DESKTOP, shots } from './screens';

// Issue 15 "Sound effects": a user explores the categories and previews one, generates a sound from a prompt
// (duration, loop), plays it, finds it in the history, shares it, searches, and is told plainly what the
// generator cannot make.
const email = `e2e-sfx-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ viewport: DESKTOP });
test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

const signIn = (page: Page, target: string) => signInTo(page, email, password, target);

const durationOf = (page: Page, label: string) =>
  page
    .getByLabel(label, { exact: true })
    .evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : 0));

test('explores, generates, plays, lists, shares and searches sound effects', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, '/app/sound-effects');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sound effects');
  // In the app shell navigation, current.
  await expect(page.getByRole('link', { name: 'Sound effects', exact: true }).first()).toBeVisible();

  // Explore: every category with previews that are real audio.
  await page.getByRole('link', { name: 'Explore', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/sound-effects\/explore$/);
  const rain = page.getByRole('article', { name: 'Rain' });
  await expect(rain).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(14);
  await rain.getByRole('button', { name: 'Preview' }).first().click();
  await expect.poll(() => durationOf(page, 'Preview of Heavy rain on a roof')).toBeGreaterThan(3.5);
  await shots(page, 'sfx-explore');

  // A category page.
  await page.getByRole('link', { name: 'Heartbeat' }).click();
  await expect(page).toHaveURL(/\/explore\/category\?id=heartbeat$/);
  await expect(page.getByText('Prompt words: heartbeat, heart')).toBeVisible();
  await shots(page, 'sfx-category');

  // Search, and a sound it cannot make.
  await page.getByLabel('Search sound effects').fill('engine');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/explore\/search\?q=engine$/);
  await expect(page.getByText('1 category for “engine”')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByLabel('Search sound effects').fill('violin');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('The built-in generator cannot make “violin”.')).toBeVisible();

  // Use an example prompt, set 3 s and loop, generate, play.
  await page.getByLabel('Search sound effects').fill('rain');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: 'Use prompt' }).first().click();
  await expect(page).toHaveURL(/\/generate\?prompt=Heavy/);
  await expect(page.getByLabel('Sound description')).toHaveValue('Heavy rain on a roof');
  await page.getByLabel(/Automatic/).uncheck();
  await page.getByLabel(/^Duration/).fill('3');
  await page.getByLabel('Make a seamless loop').check();
  await page.getByRole('button', { name: 'Generate' }).click();
  const made = page.getByRole('region', { name: 'Generated sound' });
  await expect(made.getByText('3.0 s · rain')).toBeVisible();
  await expect.poll(() => durationOf(page, 'Generated sound player')).toBeGreaterThan(2.9);
  await expect(made.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'sound-effect.mp3');
  await shots(page, 'sfx-generate');

  // A prompt it cannot make: a clear message, not noise.
  await page.getByLabel('Sound description').fill('a dog barking');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('alert')).toContainText('cannot make "dog"');

  // History: play and share.
  await page.getByRole('link', { name: 'History', exact: true }).last().click();
  await expect(page).toHaveURL(/\/app\/sound-effects\/history$/);
  const row = page.getByTestId('sound-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Heavy rain on a roof');
  await expect(row).toContainText('3 s · loop · rain');
  await row.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => durationOf(page, 'Play Heavy rain on a roof')).toBeGreaterThan(2.9);
  await row.getByRole('button', { name: 'Share' }).click();
  await expect(row.getByRole('link', { name: /\/share\// })).toBeVisible();
  await shots(page, 'sfx-history');
});
