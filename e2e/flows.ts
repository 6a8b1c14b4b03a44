import { expect, type Page } from '@playwright/test';

/** Fills and sends the sign-up form, then waits for its "Check your email" step. */
export async function signUp(page: Page, user: { email: string; firstName: string; password: string }) {
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
}

/** Signs in on the page that is open (the sign-in form), with the account's password. */
export async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Pays the local billing provider's hosted checkout for `plan` with the success test card. */
export async function payWithTestCard(page: Page, plan: string) {
  await expect(page.getByRole('heading', { name: `Subscribe to ${plan}` })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}
