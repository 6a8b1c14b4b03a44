import { expect, test, type Page } from '@playwright/test';
import { admin } from './admin-cli';
import { signInTo } from './flows';

const email = `e2e-history-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const TTS = '/app/speech-synthesis/text-to-speech';
const HISTORY = `${TTS}/history`;

test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

const signIn = (page: Page, target: string) => signInTo(page, email, password, target);

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

test('opens a generation from the list and regenerates it: text, voice, model and settings come back', async ({
  page,
}) => {
  await signIn(page, TTS);
  const model = page.getByRole('combobox', { name: 'Model' });
  await expect(model).toBeEnabled({ timeout: 20_000 });
  const models = await model
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const modelId = models.at(-1)!;
  await model.selectOption(modelId);
  const modelLabel = (await model.locator('option:checked').textContent())!.trim();
  await page.getByRole('button', { name: /^Voice: / }).click();
  const option = page.getByRole('group', { name: 'Default voices' }).getByRole('option').nth(2);
  const voiceName = (await option.locator('span').first().textContent())!.trim();
  await option.click();
  await page.getByRole('slider', { name: /^Stability/ }).fill('0.3');
  const text = `Regenerate me ${Date.now()}, please.`;
  await page.getByLabel('Text').fill(text);
  await page.getByRole('button', { name: 'Generate speech' }).click();
  await expect(page.getByRole('button', { name: 'Download' })).toBeEnabled({ timeout: 30_000 });

  // Start over elsewhere, so Regenerate has something to put back.
  await page.getByLabel('Text').fill('Something else entirely.');
  await page.getByRole('button', { name: 'Reset values' }).click();

  await page.goto(HISTORY);
  const row = page.getByTestId('history-row').filter({ hasText: text });
  await expect(row.getByText(modelLabel)).toBeVisible();
  // Playing from history offers the feedback thumbs too.
  await row.getByRole('button', { name: /^Play / }).click();
  await expect(page.getByRole('button', { name: 'Thumbs up' })).toBeVisible({ timeout: 20_000 });

  await row.getByText(text).click();
  const details = page.getByRole('dialog', { name: 'Generation' });
  await expect(details.getByText(text)).toBeVisible();
  await expect(details.getByText('30%')).toBeVisible();
  await details.getByRole('link', { name: 'Regenerate' }).click();

  await expect(page).toHaveURL(new RegExp(`${TTS}$`));
  await expect(page.getByLabel('Text')).toHaveValue(text);
  await expect(page.getByRole('button', { name: `Voice: ${voiceName}` })).toBeVisible();
  await expect(model).toHaveValue(modelId);
  await expect(page.getByRole('slider', { name: /^Stability/ })).toHaveValue('0.3');
});

test('shares a generation from the side panel: the link is copied and plays for anyone, signed out', async ({
  page,
  context,
  browser,
}) => {
  // Generation, two players, a second browser context: more than the default minute on a shared machine.
  test.setTimeout(150_000);
  await signIn(page, TTS);
  const text = `Shared end to end check ${Date.now()}.`;
  await page.getByLabel('Text').fill(text);
  await page.getByRole('button', { name: 'Generate speech' }).click();
  await expect(page.getByRole('button', { name: 'Download' })).toBeEnabled({ timeout: 30_000 });

  // The side panel lists it newest first and plays it in its own player.
  await page.getByRole('button', { name: 'Recent', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Recent generations' });
  const item = panel.getByTestId('history-panel-item').filter({ hasText: text });
  await expect(item).toHaveCount(1);
  await expect(panel.getByTestId('history-panel-item').first()).toContainText(text);
  await item.getByRole('button', { name: /^Play / }).click();
  await expect(panel.getByTestId('audio-player')).toHaveAttribute('data-state', /playing|ended/, {
    timeout: 20_000,
  });

  // Share: opening the modal publishes nothing; "Publish link" does. The link is shown shortened to 38
  // characters plus an ellipsis; Copy puts all of it on the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await item.getByRole('button', { name: /^Share / }).click();
  const modal = page.getByRole('dialog', { name: 'Share this generation' });
  await modal.getByRole('button', { name: 'Publish link' }).click();
  const shown = modal.getByTestId('share-link');
  const link = (await shown.getAttribute('href'))!;
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/share\/[A-Za-z0-9]{24}$/);
  await expect(shown).toHaveText(`${link.slice(0, 38)}…`);
  await modal.getByRole('button', { name: /Copy link/ }).click();
  await expect(page.getByText('Share link copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // The public name the page shows.
  await modal.getByRole('button', { name: /Change public name/ }).click();
  await modal.getByLabel('Public name').fill('Ada the Narrator');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Public name updated')).toBeVisible();
  await expect(modal.getByText('Ada the Narrator')).toBeVisible();

  // A fresh browser context has no session: the public page still plays the audio.
  const stranger = await browser.newContext();
  const listener = await stranger.newPage();
  await listener.goto(link);
  await expect(listener.getByText(text)).toBeVisible();
  await expect(listener.getByText('Ada the Narrator', { exact: false }).first()).toBeVisible();
  await expect(listener.getByTestId('shared-voice')).not.toBeEmpty();
  await listener.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(listener.getByTestId('audio-player')).toHaveAttribute('data-state', /playing|ended/, {
    timeout: 20_000,
  });
  // An unknown link says so.
  await listener.goto(link.replace(/[A-Za-z0-9]{24}$/, 'NoSuchShareLink000000000'));
  await expect(listener.getByText('This shared speech is not available')).toBeVisible();
  // "Stop sharing" turns the link off: the public page no longer has it.
  await modal.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(modal.getByRole('button', { name: 'Publish link' })).toBeVisible();
  await listener.goto(link);
  await expect(listener.getByText('This shared speech is not available')).toBeVisible();
  await stranger.close();
});
