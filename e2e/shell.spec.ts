import { expect, test, type Page } from '@playwright/test';
import { admin } from './admin-cli';

const email = `e2e-${Date.now()}@example.com`;
const password = 'e2e-password-1!';

test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ada', '--verified');
});

async function signIn(page: Page, redirect?: string) {
  await page.goto(redirect ? `/sign-in?redirect=${encodeURIComponent(redirect)}` : '/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test("a signed-out visitor is sent to sign-in, and a wrong password gets the spec's toast", async ({
  page,
}) => {
  await page.goto('/app/home');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fapp%2Fhome$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-the-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('No user is found with the provided credentials')).toBeVisible();
});

test('signs in, switches the theme, and sees a notification pushed from the server without a reload', async ({
  page,
}) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' })).toBeVisible();

  // Theme: light by default, stored as color-theme, kept across a reload.
  const html = page.locator('html');
  await expect(html).not.toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('color-theme'))).toBe('dark');
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();

  // Mark the page so a reload would be noticed.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await admin(
    'notify',
    '--email',
    email,
    '--title',
    'Your dub is ready',
    '--description',
    'Episode 12 finished dubbing.',
    '--severity',
    'success',
  );
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await expect(page.getByText('Your dub is ready').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).not.toHaveClass(/dark/);
});

test('honours an allowed redirect after sign-in and ignores a foreign one', async ({ page }) => {
  await signIn(page, 'https://evil.example.com/app/home');
  await expect(page).toHaveURL(/\/app\/home$/);
  await page.context().clearCookies();
  await signIn(page, '/app/home?tab=unread');
  await expect(page).toHaveURL(/\/app\/home\?tab=unread$/);
});

test('the dev text-message outbox and the API docs answer; mail goes over SMTP, so no dev mailbox', async ({
  page,
}) => {
  await page.goto('/dev/sms');
  await expect(page.getByRole('heading', { name: 'Text messages' })).toBeVisible();
  expect((await page.request.get('/dev/mailbox.json')).status()).toBe(404);
  const docs = await page.request.get('/openapi.json');
  expect(docs.status()).toBe(200);
  await page.goto('/docs');
  await expect(page.getByText('Vocalis API', { exact: false }).first()).toBeVisible();
});
