import { expect as baseExpect, test, type Page } from '@playwright/test';
import { admin } from './admin-cli';
import { shoot } from './screens';
import { signInTo } from './flows';

// Issue 15 "AI speech classifier": speech generated in the app is downloaded and uploaded to the classifier,
// which says it was generated here; a human recording (Debian asterisk-core-sounds-en-wav) is said not to be.
const email = `e2e-classifier-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const TTS = '/app/speech-synthesis/text-to-speech';
const HUMAN = '/usr/share/asterisk/sounds/en/conf-thereare.wav';
// Upper bounds for a shared machine, not timings.
const expect = baseExpect.configure({ timeout: 30_000 });

test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

const signIn = (page: Page) => signInTo(page, email, password, TTS);

test('speech generated here is recognised after download; a human recording is not', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page
    .getByLabel('Text')
    .fill('The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background.');
  await page.getByRole('button', { name: 'Generate speech' }).click();
  const download = page.getByRole('button', { name: 'Download' });
  await expect(download).toBeEnabled();
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  // Saved under the name the browser suggests, as a user's download is (Vocalis_….mp3).
  const generated = test.info().outputPath(file.suggestedFilename());
  await file.saveAs(generated);

  // The classifier page sits in the app shell's navigation.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'AI classifier' }).click();
  await expect(page).toHaveURL(/\/app\/ai-classifier$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI speech classifier');

  await page.getByLabel('Audio file').setInputFiles(generated);
  const verdict = page.getByTestId('classifier-verdict');
  await expect(verdict.getByRole('heading')).toHaveText('Generated here');
  await expect(page.getByTestId('classifier-probability')).toHaveText(/^(99\.[0-9]{2}|100\.00)%$/);
  await shoot(page, { path: test.info().outputPath('generated.png') });

  await page.getByLabel('Audio file').setInputFiles(HUMAN);
  await expect(verdict).toContainText('conf-thereare.wav');
  await expect(verdict.getByRole('heading')).toHaveText('Not generated here');
  await shoot(page, { path: test.info().outputPath('human.png') });
});
