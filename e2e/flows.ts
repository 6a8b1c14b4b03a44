import { expect, type Page } from '@playwright/test';
import { mailedLink } from './mail-sink';

/** Fills and sends the sign-up form, then waits for its "Check your email" step. */
export async function signUp(page: Page, user: { email: string; firstName: string; password: string }) {
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible({ timeout: 20_000 });
}

/** Signs in on the page that is open (the sign-in form), with the account's password. */
export async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the sign-in form on its way to `target`, and waits until the app has taken the user there. */
export async function signInTo(page: Page, email: string, password: string, target: string) {
  await page.goto(`/sign-in?redirect=${encodeURIComponent(target)}`);
  await fillSignIn(page, email, password);
  // Password hashing on a busy machine can take several seconds.
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), {
    timeout: 20_000,
  });
}

/**
 * A new user from the sign-up page to the onboarding checklist: signs up, follows the mailed verification
 * link, signs in and answers the two survey steps.
 */
export async function signUpAndOnboard(
  page: Page,
  user: { email: string; firstName: string; password: string },
) {
  await page.goto('/sign-up');
  await signUp(page, user);
  await page.goto(await mailedLink(user.email, 'Verify'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await fillSignIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/app\/onboarding$/);
  await page.getByText('Developer', { exact: true }).click();
  await page.getByText('Building an app', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('Friend or colleague', { exact: true }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding-checklist$/);
}

/** Pays the local billing provider's hosted checkout for `plan` with the success test card. */
export async function payWithTestCard(page: Page, plan: string) {
  await expect(page.getByRole('heading', { name: `Subscribe to ${plan}` })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}
