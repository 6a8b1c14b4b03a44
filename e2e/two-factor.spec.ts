import { expect, test } from '@playwright/test';
import { totpFromUri } from '../apps/server/src/testing/totp';
import { admin } from './admin-cli';
import { freshCode, totpUri } from './totp';

const email = `e2e-2fa-${Date.now()}@example.com`;
const password = 'e2e-password-1!';

test.beforeAll(async () => {
  await admin('create-user', '--email', email, '--password', password, '--name', 'Grace', '--verified');
});

test('enrols an authenticator app, signs out, and signs back in with a code', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);

  await page.goto('/app/settings');
  await page.getByRole('button', { name: 'Add two-factor authentication' }).click();
  await expect(page).toHaveURL(/\/app\/settings\?dialog=add-2fa$/);
  await page.getByRole('dialog').getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const uri = totpUri(email, secret);
  await page.getByLabel('Authentication code').fill(freshCode(uri));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('backup-codes').locator('li')).toHaveCount(10);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('two-factor-status')).toBeVisible();

  // Sign out and back in: the password is not enough any more.
  await page.getByRole('button', { name: `Account menu for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Authentication code')).toBeVisible();

  await page.getByLabel('Authentication code').fill(totpFromUri(uri) === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(
    page.getByText('An unknown error occurred with Two-Factor Authentication, please try again.'),
  ).toBeVisible();

  await page.getByLabel('Authentication code').fill(freshCode(uri));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
});
