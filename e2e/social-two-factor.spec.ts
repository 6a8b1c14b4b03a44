import { expect, test, type Page } from '@playwright/test';
import { freshCode, totpUri } from './totp';

// An account made by Google sign-in (the local OIDC stand-in) has no password (decision 026).

async function signInInPopup(page: Page, button: string, email: string, name = '') {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Name').fill(name);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
}

test('a Google account without a password adds an authenticator app, and Google sign-in then asks for its code', async ({
  page,
}) => {
  const email = `e2e-social-2fa-${Date.now()}@example.com`;
  await page.goto('/sign-in');
  await signInInPopup(page, 'Continue with Google', email, 'Ada Google');
  await expect(page).toHaveURL(/\/sign-up\?step=welcome$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding$/);
  await page.getByLabel('First name').fill('Ada');
  await page.getByText('Developer', { exact: true }).click();
  await page.getByText('Building an app', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Time zone').selectOption('Europe/London');
  await page.getByText('Friend or colleague', { exact: true }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding-checklist$/);

  // No password to confirm with: the session is fresh, so the set-up starts at once.
  await page.goto('/app/settings?dialog=add-2fa');
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText(
      'Your account has no password. If you signed in more than 10 minutes ago, we email you a link to confirm it is you.',
    ),
  ).toBeVisible();
  await expect(dialog.getByLabel('Password')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const uri = totpUri(email, (await page.getByTestId('totp-secret').textContent())!.trim());
  await page.getByLabel('Authentication code').fill(freshCode(uri));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('backup-codes').locator('li')).toHaveCount(10);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('two-factor-status')).toBeVisible();

  // Signed out and back with Google: the provider is not enough any more.
  await page.getByRole('button', { name: `Account menu for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  // The provider's own session too (as a new browser would be), so its sign-in page shows again.
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await signInInPopup(page, 'Continue with Google', email);
  const step = page.getByRole('dialog', { name: 'Two-factor authentication' });
  await expect(step.getByLabel('Authentication code')).toBeVisible();
  expect((await page.request.get('/v1/user')).status()).toBe(401);
  await step.getByLabel('Authentication code').fill(freshCode(uri));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/app\/(home|onboarding-checklist)$/);
  expect((await page.request.get('/v1/user')).status()).toBe(200);
});
