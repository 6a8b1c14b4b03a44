import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { fillSignIn, payWithTestCard, signUp } from './flows';
import { mailed, mailedLink } from './mail-sink';
import { DESKTOP, PHONE, shoot } from './screens';

// Issue 16's "done when": one new user, one page, the whole first visit in the built app, with a
// screenshot at each step (e2e/artifacts/first-journey-*/NN-*.png; looked at, not compared).
const stamp = Date.now();
const email = `journey-${stamp}@example.com`;
const password = 'First-journey-1!';
const TTS = '/app/speech-synthesis/text-to-speech';
const HISTORY = `${TTS}/history`;
// Where RHVoice is installed (`npm run setup:voices`, CI) the default voice speaks on it.
const rhvoiceInstalled = ['/usr/bin/RHVoice-test', '/usr/local/bin/RHVoice-test'].some((p) => existsSync(p));

test.use({ viewport: DESKTOP });
// Upper bounds for a shared machine (lazy route chunks, password hashing, speech), not timings.
const expect = baseExpect.configure({ timeout: 20_000 });

let shots = 0;
/** A full-page screenshot named for its step, numbered in the order taken. */
async function shot(page: Page, name: string, fullPage = true) {
  const file = test.info().outputPath(`${String(++shots).padStart(2, '0')}-${name}.png`);
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, { path: file, fullPage, animations: 'disabled' });
}

/** The same page at phone width (390×844), checked by `check` there, then back to the desktop. */
async function shotAtPhone(page: Page, name: string, check?: () => Promise<void>, fullPage = true) {
  await page.setViewportSize(PHONE);
  // The page may not scroll sideways at this width.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);
  await check?.();
  await shot(page, `${name}-390`, fullPage);
  await page.setViewportSize(DESKTOP);
}

/**
 * Pixels between the bottom of `locator` and the end of the page once scrolled to the bottom, less
 * what the fixed player bar covers there (negative: the bar hides the end of it).
 */
async function clearanceBelow(page: Page, locator: Locator): Promise<number> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return locator.evaluate((el) => {
    const bar = document.querySelector('[aria-label="Audio player"]');
    const end = bar ? bar.getBoundingClientRect().top : window.innerHeight;
    return end - el.getBoundingClientRect().bottom;
  });
}

/**
 * The width each date field has, and the width it needs: "mm/dd/yyyy" in its own font, its padding and
 * border, and Chromium's calendar button (16 px and its margin, 22 px; the field's intrinsic width keeps
 * slack beyond that, so it is no measure of what fits).
 */
async function dateFieldWidths(page: Page): Promise<{ has: number; needs: number }[]> {
  return page.locator('input[type="date"]').evaluateAll((inputs) =>
    inputs.map((input) => {
      const style = getComputedStyle(input);
      const probe = document.createElement('span');
      probe.textContent = 'mm/dd/yyyy';
      probe.style.font = style.font;
      probe.style.position = 'absolute';
      document.body.append(probe);
      const text = probe.getBoundingClientRect().width;
      probe.remove();
      const box = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'] as const;
      const needs = text + box.reduce((sum, k) => sum + parseFloat(style[k]), 0) + 22;
      return { has: input.getBoundingClientRect().width, needs: Math.ceil(needs) };
    }),
  );
}

/** Decodes audio bytes in the browser (Web Audio) and returns their duration in seconds. */
async function decodedSeconds(page: Page, bytes: Buffer): Promise<number> {
  return page.evaluate(async (b64) => {
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const audio = await new OfflineAudioContext(1, 1, 44_100).decodeAudioData(data.buffer);
    return audio.duration;
  }, bytes.toString('base64'));
}

test('a new user signs up, verifies, onboards, generates, regenerates from history, shares and revokes, subscribes, gets the receipt and signs out', async ({
  page,
  browser,
}) => {
  // Two generations, two players, a checkout and a second browser on a shared 2-core machine.
  test.setTimeout(300_000);

  // 1. Sign up from the sign-in page; the password rules tick off while typing.
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await shot(page, 'sign-in');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.getByLabel('Password').fill('short');
  const rules = page.getByTestId('password-checklist').locator('li[data-met="true"]');
  await expect(rules).toHaveText(['A letter (done)']);
  await shot(page, 'sign-up-password-rules');
  await signUp(page, { email, firstName: 'Grace', password });
  await expect(page.getByRole('button', { name: 'Resend email' })).toBeVisible();
  await shot(page, 'check-your-email');

  // 2. The verification mail, as delivered over SMTP to the sink, verifies the address.
  await page.goto(await mailedLink(email, 'Verify'));
  await expect(page.getByRole('dialog', { name: 'Email verified' })).toBeVisible();
  await shot(page, 'email-verified');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in\?/);
  await fillSignIn(page, email, password);

  // 3. Onboarding: two survey steps, then the checklist.
  await expect(page).toHaveURL(/\/app\/onboarding$/, { timeout: 30_000 });
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  // One "verified" toast, not two.
  await expect(page.getByText('Your email address was successfully verified.')).toHaveCount(1);
  await page.getByText('Developer', { exact: true }).click();
  await page.getByText('Building an app', { exact: true }).click();
  await shot(page, 'onboarding-1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding\/next$/);
  await page.getByText('Friend or colleague', { exact: true }).click();
  await shot(page, 'onboarding-2');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding-checklist$/);
  await expect(page.getByText('0 of 6 steps completed')).toBeVisible();
  await shot(page, 'onboarding-checklist');

  // 4. Home: the start page with its quick actions and the checklist.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByRole('heading', { name: /, Grace$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Quick actions' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Getting started' })).toContainText('0 of 6 steps completed');
  await expect(
    page.getByRole('region', { name: 'Featured voices' }).getByRole('button', { name: /^Use / }).first(),
  ).toBeVisible();
  await shot(page, 'home');
  await shotAtPhone(page, 'home');

  // 5. Text to speech with the default voice and model, as a new user finds them.
  await page
    .getByRole('region', { name: 'Quick actions' })
    .getByRole('link', { name: /^Text to speech/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`${TTS}$`));
  const voices = (await (await page.request.get('/v1/voices')).json()) as {
    voices: { voice_id: string; name: string; description: string | null }[];
  };
  const defaultVoice = voices.voices[0]!;
  if (rhvoiceInstalled) expect(defaultVoice.description).toContain('RHVoice');
  const voiceButton = page.getByRole('button', { name: `Voice: ${defaultVoice.name}` });
  await expect(voiceButton).toBeVisible();
  const model = page.getByRole('combobox', { name: 'Model' });
  await expect(model).toBeEnabled({ timeout: 20_000 });
  const defaultModel = await model.inputValue();
  // At 1440×900 the text box is not a screen of empty space, and Generate is above the fold.
  expect((await page.getByLabel('Text').boundingBox())!.height).toBeLessThanOrEqual(352);
  const generateBox = (await page.getByRole('button', { name: 'Generate speech' }).boundingBox())!;
  expect(generateBox.y + generateBox.height).toBeLessThanOrEqual(DESKTOP.height);
  await shot(page, 'tts-empty', false);
  // Without a player, the page ends soon after its last card (no band kept for a bar that is not there).
  const settingsCard = page.getByRole('complementary').filter({ hasText: 'Voice settings' });
  await shotAtPhone(page, 'tts-empty', async () => {
    expect.soft(await clearanceBelow(page, settingsCard)).toBeLessThanOrEqual(64);
  });

  const text = `Welcome to Vocalis, Grace. This is your first sentence, spoken by the default voice ${stamp}.`;
  await page.getByLabel('Text').fill(text);
  await page.getByRole('button', { name: 'Generate speech' }).click();
  const player = page.getByTestId('audio-player');
  await expect(player).toHaveAttribute('data-state', /playing|ended/, { timeout: 30_000 });
  const download = page.getByRole('button', { name: 'Download' });
  await expect(download).toBeEnabled({ timeout: 90_000 });
  await expect(page.getByTestId('total')).not.toHaveText('--:--');
  await shot(page, 'tts-generated', false);
  // With the player, the end of the page can still be scrolled out from under it.
  await shotAtPhone(
    page,
    'tts-generated',
    async () => expect.soft(await clearanceBelow(page, settingsCard)).toBeGreaterThanOrEqual(0),
    false,
  );
  // The downloaded mp3 decodes in the browser to the length of a spoken sentence.
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^Vocalis_.*\.mp3$/);
  const seconds = await decodedSeconds(page, await readFile((await file.path())!));
  expect(seconds).toBeGreaterThan(3);
  expect(seconds).toBeLessThan(20);

  // Move the editor elsewhere, so what Regenerate puts back is seen to come from the item.
  await page.getByLabel('Text').fill('Something else entirely.');
  const models = await model
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const otherModel = models.find((m) => m !== defaultModel);
  if (otherModel) await model.selectOption(otherModel);
  await voiceButton.click();
  await page
    .getByRole('group', { name: 'Default voices' })
    .getByRole('option')
    .filter({ hasNotText: defaultVoice.name })
    .first()
    .click();
  await expect(voiceButton).toHaveCount(0);

  // 6. History: the row opens the generation; Regenerate loads text, voice and model back.
  await nav.getByRole('link', { name: 'History', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${HISTORY}$`));
  const row = page.getByTestId('history-row').filter({ hasText: text });
  await expect(row).toHaveCount(1);
  // The filters fit one row at 1440 px.
  const filters = page.getByRole('search', { name: 'Filter history' }).locator('input, select');
  const tops = await filters.evaluateAll((els) =>
    els.map((el) => Math.round(el.getBoundingClientRect().top)),
  );
  expect(tops.length).toBeGreaterThanOrEqual(5);
  expect(new Set(tops).size).toBe(1);
  await shot(page, 'history');
  // At 390 px the two date fields share a row and each still shows its whole date.
  await shotAtPhone(page, 'history', async () => {
    for (const { has, needs } of await dateFieldWidths(page)) expect.soft(has).toBeGreaterThanOrEqual(needs);
    // A row keeps two lines of text and one of voice and date.
    expect.soft((await row.boundingBox())!.height).toBeLessThanOrEqual(96);
  });
  await row.getByText(text).click();
  const details = page.getByRole('dialog', { name: 'Generation' });
  await expect(details.getByText(text)).toBeVisible();
  await expect(details.getByText(defaultVoice.name)).toBeVisible();
  await shot(page, 'history-details', false);
  await details.getByRole('link', { name: 'Regenerate' }).click();
  await expect(page).toHaveURL(new RegExp(`${TTS}$`));
  await expect(page.getByLabel('Text')).toHaveValue(text);
  await expect(voiceButton).toBeVisible();
  await expect(model).toHaveValue(defaultModel);
  await page.getByRole('button', { name: 'Generate speech' }).click();
  await expect(download).toBeEnabled({ timeout: 90_000 });
  await page.goto(HISTORY);
  await expect(row).toHaveCount(2);

  // 7. Share: publishing is an explicit step; the link plays for anyone; Stop sharing turns it off.
  await row
    .first()
    .getByRole('button', { name: `Share ${defaultVoice.name}` })
    .click();
  const share = page.getByRole('dialog', { name: 'Share this generation' });
  await expect(share.getByRole('button', { name: 'Publish link' })).toBeVisible();
  await shot(page, 'share-before-publish', false);
  await share.getByRole('button', { name: 'Publish link' }).click();
  const link = (await share.getByTestId('share-link').getAttribute('href'))!;
  const shareId = link.split('/').at(-1)!;
  await shot(page, 'share-published', false);

  const stranger = await browser.newContext({ viewport: PHONE });
  const listener = await stranger.newPage();
  await listener.goto(link);
  await expect(listener.getByText(text)).toBeVisible();
  await listener.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(listener.getByTestId('audio-player')).toHaveAttribute('data-state', /playing|ended/, {
    timeout: 20_000,
  });
  await shot(listener, 'shared-page-390');

  await share.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(share.getByRole('button', { name: 'Publish link' })).toBeVisible();
  await listener.goto(link);
  await expect(listener.getByText('This shared speech is not available')).toBeVisible();
  expect((await listener.request.get(`/v1/shared/${shareId}`)).status()).toBe(404);
  expect((await listener.request.get(`/v1/shared/${shareId}/audio`)).status()).toBe(404);
  await stranger.close();

  // The "share as video" dialog, at desktop and phone width.
  await share.getByRole('button', { name: 'Share as video' }).click();
  const video = page.getByRole('dialog', { name: 'Share as video' });
  await expect(video.getByAltText('Video preview')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'share-video', false);
  await shotAtPhone(page, 'share-video');
  await video.getByRole('button', { name: 'Close' }).click();
  await expect(video).toHaveCount(0);

  // 8. Subscribe from the credits meter through the hosted checkout; the receipt arrives by mail.
  await page.getByRole('region', { name: 'Credits' }).getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/app\/subscription$/);
  await expect(page.getByTestId('current-plan-name')).toHaveText('Free', { timeout: 15_000 });
  await shot(page, 'subscription-free');
  await page.getByRole('button', { name: 'Subscribe (Creator)' }).click();
  await expect(page.getByRole('heading', { name: 'Subscribe to Creator' })).toBeVisible({ timeout: 20_000 });
  await shot(page, 'checkout');
  await payWithTestCard(page, 'Creator');
  await expect(page).toHaveURL(/\/app\/subscription/);
  await expect(page.getByTestId('current-plan-name')).toHaveText('Creator', { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Downgrade (Free)' })).toBeVisible();
  await shot(page, 'subscription-creator');

  const receipt = await mailed(email, 'Your Vocalis receipt');
  expect(receipt.subject).toMatch(/^Your Vocalis receipt: \$\d+\.\d\d for Creator \(invoice \S+\)$/);
  const invoiceId = /\(invoice (\S+)\)$/.exec(receipt.subject)![1]!;
  expect(receipt.text).toContain(`Invoice number: ${invoiceId}`);
  // Its link opens that invoice over the subscription page.
  await page.goto(receipt.links[0]!);
  const invoice = page.getByRole('dialog', { name: 'Invoice' });
  await expect(invoice.getByText(invoiceId)).toBeVisible();
  await shot(page, 'invoice', false);
  await page.keyboard.press('Escape');
  await expect(invoice).toHaveCount(0);

  // 9. Sign out: protected pages send the visitor back to sign-in.
  await page.getByRole('button', { name: `Account menu for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto(HISTORY);
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(HISTORY);
  expect((await page.request.get('/v1/user')).status()).toBe(401);
  await shot(page, 'signed-out');
});
