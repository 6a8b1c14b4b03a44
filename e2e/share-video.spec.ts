import { expect, test } from '@playwright/test';
import { admin } from './admin-cli';
import { shoot } from './screens';

const email = `e2e-share-video-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const TTS = '/app/speech-synthesis/text-to-speech';

test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

test('shares a generation as a video: theme preview, generated looping mp4 with Download', async ({
  page,
}) => {
  // A generation and a server-side render on a shared machine.
  test.setTimeout(180_000);
  await page.goto(`/sign-in?redirect=${encodeURIComponent(TTS)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${TTS}$`), { timeout: 20_000 });
  const text = `A video of this sentence ${Date.now()}.`;
  await page.getByRole('textbox', { name: 'Text' }).fill(text);
  await page.getByRole('button', { name: 'Generate speech' }).click();
  await expect(page.getByRole('button', { name: 'Download' })).toBeEnabled({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Recent', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Recent generations' });
  await panel
    .getByTestId('history-panel-item')
    .filter({ hasText: text })
    .getByRole('button', { name: /^Share / })
    .click();
  await page
    .getByRole('dialog', { name: 'Share this generation' })
    .getByRole('button', { name: 'Share as video' })
    .click();

  const modal = page.getByRole('dialog', { name: 'Share as video' });
  await expect(modal.getByRole('radio', { name: 'Colour' })).toHaveAttribute('aria-checked', 'true');
  await expect(modal.getByAltText('Video preview')).toBeVisible({ timeout: 30_000 });
  await shoot(page, { path: test.info().outputPath('share-video-preview.png') });
  await modal.getByRole('radio', { name: 'Black' }).click();
  await expect(modal.getByAltText('Video preview')).toBeVisible({ timeout: 30_000 });

  await modal.getByRole('button', { name: 'Generate video' }).click();
  const video = modal.getByTestId('share-video');
  await expect(video).toBeVisible({ timeout: 120_000 });
  expect(await video.evaluate((v: HTMLVideoElement) => [v.loop, v.muted])).toEqual([true, true]);
  await expect(modal.getByRole('link', { name: 'Download' })).toHaveAttribute('download', /\.mp4$/);
  await shoot(page, { path: test.info().outputPath('share-video-done.png') });
  // The finished dialog at desktop and phone width: it fits the screen and its Download can be reached.
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    const link = modal.getByRole('link', { name: 'Download' });
    await link.scrollIntoViewIfNeeded();
    const dialog = (await modal.boundingBox())!;
    const download = (await link.boundingBox())!;
    expect(dialog.x).toBeGreaterThanOrEqual(0);
    expect(dialog.x + dialog.width).toBeLessThanOrEqual(width);
    expect(download.y + download.height).toBeLessThanOrEqual(Math.min(height, dialog.y + dialog.height));
    await shoot(page, { path: test.info().outputPath(`share-video-done-${width}.png`) });
  }
});
