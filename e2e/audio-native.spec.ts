import { expect as baseExpect, test, type Page } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { admin } from './admin-cli';
import { shoot } from './screens';
import { signInTo } from './flows';

// Issue 12 "Audio native": a user narrates an article, styles the player, and the snippet plays on a page of
// another origin (a second loopback port) in Chromium.
const email = `e2e-audio-native-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ viewport: { width: 1280, height: 900 } });
test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

const signIn = (page: Page, target: string) => signInTo(page, email, password, target);

test('narrates an article, styles the player, and plays it embedded on another origin', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, '/app/audio-native');
  await page.getByLabel('Name').fill('Harbour news');
  await page.getByLabel('Title shown in the player').fill('The harbour at dawn');
  await page.getByLabel('Author').fill('Ada');
  await page.getByLabel('Article file').setInputFiles({
    name: 'harbour.html',
    mimeType: 'text/html',
    buffer: Buffer.from(
      '<h1>The harbour at dawn</h1><p>The boats come in with the tide.</p><p>Gulls follow them to the quay.</p>',
    ),
  });
  await page.getByRole('button', { name: 'Create and narrate' }).click();
  const item = page
    .getByRole('list', { name: 'Audio native projects' })
    .getByRole('listitem')
    .filter({ hasText: 'Harbour news' });
  await expect(item).toBeVisible();
  await expect(item.getByText('Ready')).toBeVisible({ timeout: 120_000 });
  const snippet = (await item.getByLabel('Embed snippet').textContent())!;
  expect(snippet).toContain('/audio-native/player.js');
  await shoot(page, { path: test.info().outputPath('audio-native-list.png'), fullPage: true });

  // Style the player: dark blue with white text.
  await item.getByRole('link', { name: 'Player' }).click();
  await expect(page).toHaveURL(/\/app\/audio-native\/settings\/player\?project=/);
  await page.getByLabel('Background colour').fill('#1e3a8a');
  await page.getByLabel('Text colour').fill('#ffffff');
  await page.getByLabel('Resume within (minutes)').fill('30');
  await page.getByRole('button', { name: 'Save player' }).click();
  const preview = page.frameLocator('iframe[title="Player preview"]');
  await expect(preview.getByText('The harbour at dawn')).toBeVisible();
  await shoot(page, { path: test.info().outputPath('audio-native-player.png'), fullPage: true });

  await page
    .getByRole('navigation', { name: 'Audio Native' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page.getByTestId('audio-native-status')).toHaveText('Ready');

  // A page on another origin embeds the snippet.
  const site = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Foreign blog</title></head><body style="font-family:sans-serif;margin:40px">
      <h1>A blog on another site</h1>${snippet}<p>Article text follows.</p></body></html>`);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  try {
    const foreign = `http://127.0.0.1:${(site.address() as AddressInfo).port}/post`;
    expect(new URL(foreign).origin).not.toBe(new URL(page.url()).origin);
    await page.goto(foreign);
    const frame = page.frameLocator('iframe[title="Listen to this article"]');
    await expect(frame.getByText('The harbour at dawn')).toBeVisible();
    await expect(frame.getByTestId('player')).toBeVisible();
    const bg = await frame.locator('body').evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(bg).toBe('rgb(30, 58, 138)');
    await frame.getByRole('button', { name: 'Play' }).click();
    const child = page.frames().find((f) => f.url().includes('/audio-native/embed/'))!;
    await expect
      .poll(() => child.evaluate(() => (document.getElementById('audio') as HTMLAudioElement).currentTime), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0.5);
    expect(await child.evaluate(() => (document.getElementById('audio') as HTMLAudioElement).paused)).toBe(
      false,
    );
    await shoot(page, { path: test.info().outputPath('audio-native-foreign.png'), fullPage: true });

    // Sessionization (30 minutes): after a pause and a reload the player continues where the listener stopped.
    await frame.getByRole('button', { name: 'Pause' }).click();
    const stoppedAt = await child.evaluate(
      () => (document.getElementById('audio') as HTMLAudioElement).currentTime,
    );
    expect(stoppedAt).toBeGreaterThan(0.5);
    await page.reload();
    await expect(frame.getByRole('button', { name: 'Play' })).toBeVisible();
    const again = page.frames().find((f) => f.url().includes('/audio-native/embed/'))!;
    await expect
      .poll(() => again.evaluate(() => (document.getElementById('audio') as HTMLAudioElement).currentTime), {
        timeout: 20_000,
      })
      .toBeCloseTo(stoppedAt, 0);
    expect(await again.evaluate(() => (document.getElementById('audio') as HTMLAudioElement).paused)).toBe(
      true,
    );
  } finally {
    site.close();
  }
});
