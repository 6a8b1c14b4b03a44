import { expect, test, type Page } from '@playwright/test';
import { admin } from './admin-cli';

const password = 'e2e-password-1!';

async function signIn(page: Page, email: string) {
  await page.goto('/sign-in?redirect=%2Fapp%2Fhome');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
}

test('a workspace with an inactivity timeout signs an idle user out and clears xi: data', async ({
  page,
}) => {
  const email = `e2e-idle-${Date.now()}@example.com`;
  await admin('create-user', '--email', email, '--password', password, '--name', 'Ida', '--verified');
  await admin('set-session-timeout', '--email', email, '--seconds', '120');
  await page.clock.install();
  await signIn(page, email);
  await page.evaluate(() => window.localStorage.setItem('xi:voice', '"Rachel"'));

  // Activity keeps the session: a click at 100 s restarts the two minutes.
  await page.clock.runFor(100_000);
  await page.mouse.click(5, 5);
  await page.clock.runFor(100_000);
  await expect(page).toHaveURL(/\/app\/home$/);

  await page.clock.runFor(21_000);
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await page.evaluate(() => window.localStorage.getItem('xi:voice'))).toBeNull();
  // The server session is gone too.
  expect((await page.request.get('/v1/user')).status()).toBe(401);
});

test('without a workspace timeout an idle user stays signed in', async ({ page }) => {
  const email = `e2e-awake-${Date.now()}@example.com`;
  await admin('create-user', '--email', email, '--password', password, '--name', 'Awa', '--verified');
  await page.clock.install();
  await signIn(page, email);
  await page.clock.runFor(3_600_000);
  await expect(page).toHaveURL(/\/app\/home$/);
  expect((await page.request.get('/v1/user')).status()).toBe(200);
});
