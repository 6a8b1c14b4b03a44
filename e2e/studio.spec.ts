import { expect as baseExpect, test, type Page } from '@playwright/test';
import { admin } from './admin-cli';
import { DESKTOP, shots } from './screens';
import { signInTo } from './flows';

// Issue 12 "Studio": a user creates a project from pasted text, edits chapters and blocks, converts a chapter and
// plays it.
const email = `e2e-studio-${Date.now()}@example.com`;
const password = 'e2e-password-1!';
const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ viewport: DESKTOP });
test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

const signIn = (page: Page, target: string) => signInTo(page, email, password, target);

test('creates a project from pasted text, edits chapters and blocks, converts a chapter and plays it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, '/app/studio');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Studio');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Studio', exact: true })).toBeVisible();
  await expect(page.getByTestId('project-limit')).toHaveText('0 of 3 projects used');
  await expect(page.getByText('No projects yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill('My first book');
  await dialog.getByRole('button', { name: 'Paste text' }).click();
  await dialog
    .getByLabel('Text')
    .fill('Chapter 1\n\nThe cat sat on the mat.\n\nIt was warm.\n\nChapter 2\n\nThe dog barked.');
  await shots(page, 'create-dialog');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/app\/studio\/[A-Za-z0-9]+$/);
  await expect(page.getByRole('heading', { name: 'My first book' })).toBeVisible();

  const chapters = page.getByRole('navigation', { name: 'Chapters' });
  await expect(chapters.getByRole('button', { name: 'Chapter 1', exact: true })).toBeVisible();
  await expect(chapters.getByRole('button', { name: 'Chapter 2', exact: true })).toBeVisible();
  await expect(page.getByLabel('Text of block 1')).toHaveValue('Chapter 1');
  await expect(page.getByLabel('Text of block 2')).toHaveValue('The cat sat on the mat.');
  await expect(page.getByLabel('Kind of block 1')).toHaveValue('h1');

  // rename, add, reorder and delete chapters
  await chapters.getByRole('button', { name: 'Rename Chapter 2' }).click();
  await chapters.getByLabel('Chapter name').fill('The dog');
  await chapters.getByRole('button', { name: 'Save' }).click();
  await expect(chapters.getByRole('button', { name: 'The dog', exact: true })).toBeVisible();
  await chapters.getByRole('button', { name: 'Add chapter' }).click();
  await expect(chapters.getByRole('button', { name: 'Chapter 3', exact: true })).toBeVisible();
  await chapters.getByRole('button', { name: 'Move The dog up' }).click();
  await expect(chapters.locator('li').first()).toContainText('The dog');
  await chapters.getByRole('button', { name: 'Move The dog down' }).click();
  await expect(chapters.locator('li').first()).toContainText('Chapter 1');
  await chapters.getByRole('button', { name: 'Delete Chapter 3' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(chapters.getByRole('button', { name: 'Chapter 3', exact: true })).toHaveCount(0);

  // edit a block, give another block its own voice, add a paragraph, save
  await chapters.getByRole('button', { name: 'Chapter 1', exact: true }).click();
  await page.getByLabel('Text of block 3').fill('It was a warm and sunny day.');
  const voice = page.getByLabel('Voice of block 2');
  const other = await voice.locator('option').nth(1).getAttribute('value');
  await voice.selectOption(other!);
  await page.getByRole('button', { name: 'Add paragraph' }).click();
  await page.getByLabel('Text of block 4').fill('The end.');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Text of block 4')).toHaveValue('The end.');
  await expect(page.getByLabel('Voice of block 2')).toHaveValue(other!);
  await shots(page, 'editor');

  // convert the chapter; progress comes over live updates; then play it
  await page.getByRole('button', { name: 'Convert chapter' }).click();
  await expect(page.getByRole('button', { name: /Play latest version/ })).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('chapter-status-0')).toHaveText('converted');
  await expect(page.getByText('0 characters to convert')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play from block 2' })).toBeVisible();
  // the conversion was charged: the credits meter moved
  await expect(page.getByText(/of 10,000 characters left/)).not.toHaveText(/^10,000 of/);
  await page.getByRole('button', { name: /Play latest version/ }).click();
  const audio = page.locator('audio');
  await expect(audio).toHaveAttribute('data-snapshot', /.+/);
  await expect
    .poll(async () => audio.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 20_000 })
    .toBeGreaterThan(3);
  await audio.evaluate((a: HTMLAudioElement) => {
    a.muted = true;
    return a.play();
  });
  await expect
    .poll(
      async () =>
        Number(await page.getByRole('progressbar', { name: 'Playback' }).getAttribute('aria-valuenow')),
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  await shots(page, 'converted');

  // convert the whole book and download its chapters as a zip
  await page.getByRole('button', { name: 'Convert project' }).click();
  const download = page.getByRole('button', { name: 'Download chapters (zip)' });
  await expect(download).toBeVisible({ timeout: 120_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('My_first_book.zip');

  // the list shows the project and the limit
  await page.getByRole('link', { name: '← Projects' }).click();
  await expect(page.getByTestId('project-limit')).toHaveText('1 of 3 projects used');
  await expect(page.getByRole('list', { name: 'Projects' })).toContainText('My first book');
  await shots(page, 'list');
});
