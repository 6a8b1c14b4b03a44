import { expect, test, type Page } from '@playwright/test';
import { admin } from './admin-cli';

// Google and GitHub are the local OIDC provider started by playwright.config.ts (oidc-stand-in.ts).

/** Clicks a provider button and signs in at the provider's page in the popup that opens. */
async function signInInPopup(page: Page, button: string, email: string, name = '') {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Name').fill(name);
  // The completion page closes the popup at once: listen before submitting.
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
}

test('signs up with Google in a popup, takes the new-user step and lands in onboarding', async ({ page }) => {
  const email = `e2e-google-${Date.now()}@example.com`;
  await page.goto('/sign-in');
  await signInInPopup(page, 'Continue with Google', email, 'Lin Google');

  await expect(page).toHaveURL(/\/sign-up\?step=welcome$/);
  await expect(page.getByRole('heading', { name: 'Welcome to Vocalis' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel(/Send me product updates/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding$/);

  const res = await page.request.get('/v1/user');
  expect(res.status()).toBe(200);
  const user = (await res.json()) as { email: string; agrees_to_product_updates: boolean };
  expect(user).toMatchObject({ email, agrees_to_product_updates: true });

  // Signed out and back with the same Google account: straight in, no new-user step.
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await signInInPopup(page, 'Continue with Google', email);
  // Straight in, and back to the survey: onboarding is not finished yet (the shell keeps sending them there).
  await expect(page).toHaveURL(/\/app\/onboarding$/);
});

test('a closed popup is silent', async ({ page }) => {
  await page.goto('/sign-in');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  const popup = await popupOpened;
  await popup.close();
  await expect(page.getByRole('button', { name: 'Continue with GitHub' })).toBeEnabled();
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(page.getByText(/Unable to login/)).toHaveCount(0);
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('account exists with different credentials: resumes with the password and links GitHub', async ({
  page,
}) => {
  const email = `e2e-link-${Date.now()}@example.com`;
  const password = 'e2e-password-1!';
  await admin('create-user', '--email', email, '--password', password, '--name', 'Kim', '--verified');

  await page.goto('/sign-in');
  await signInInPopup(page, 'Continue with GitHub', email);
  const dialog = page.getByRole('dialog', { name: 'Account exists with different credentials' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Sign in with password' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Email')).toBeFocused();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Linking GitHub runs through GitHub in this tab (still signed in there from the popup), then home.
  await expect(page).toHaveURL(/\/app\/home$/);

  // GitHub now signs in to the same account.
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await signInInPopup(page, 'Continue with GitHub', email);
  await expect(page).toHaveURL(/\/app\/home$/);
  const user = (await (await page.request.get('/v1/user')).json()) as { email: string };
  expect(user.email).toBe(email);
});
