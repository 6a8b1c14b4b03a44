import { expect, test } from '@playwright/test';
import { mailedLink } from './mail-sink';

const email = `internal-code-${Date.now()}@example.com`;
const password = 'Internal-code-1!';
const VERIFIED = 'Your email address was successfully verified.';

test('the verification mail carries an internal code; signing in attaches it, toasts "verified" and opens onboarding; the code is spent', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/sign-up');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('First name').fill('Iris');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const link = new URL(await mailedLink(email, 'Verify'));
  const internalCode = link.searchParams.get('internalCode');
  expect(internalCode).toBeTruthy();

  // The action page verifies, keeps the code and continues to sign-in with it appended.
  await page.goto(link.href);
  await expect(page.getByRole('dialog', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in\?/);
  expect(new URL(page.url()).searchParams.get('internalCode')).toBe(internalCode);
  // Let the action page's own toast go, so the one below is sign-in's.
  await expect(page.getByText(VERIFIED)).toHaveCount(0, { timeout: 10_000 });

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding$/);
  await expect(page.getByText(VERIFIED)).toBeVisible();

  // The shell redeems newUser=false&internalCode: this code was used up by sign-in, so it is refused.
  await page.goto(`/app/home?newUser=false&internalCode=${encodeURIComponent(internalCode!)}`);
  await expect(
    page.getByText('The verification code is invalid, has expired or was already used.'),
  ).toBeVisible();
  await expect(page).not.toHaveURL(/internalCode/);
});
