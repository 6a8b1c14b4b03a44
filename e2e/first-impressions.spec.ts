import { expect, test } from '@playwright/test';
import { admin } from './admin-cli';
import { signUp } from './flows';
import { mailedLink } from './mail-sink';

// Issue 16 (first impressions): the rough edges of sign-in, onboarding and settings, in the built app.
const password = 'First-impressions-1!';

test('sign-in offers "Forgot password?", mails the reset link and leaves the answer on the page', async ({
  page,
}) => {
  const email = `e2e-forgot-${Date.now()}@example.com`;
  await admin('create-user', '--email', email, '--password', password, '--verified');
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  const sent = page.getByRole('status');
  await expect(sent).toHaveText(
    `If a user with the email ${email} exists, then we have sent an email containing instructions on how to reset your password.`,
  );
  const link = await mailedLink(email, 'Reset your password');
  expect(new URL(link).searchParams.get('mode')).toBe('resetPassword');
  // On the page, not in a toast that closes after 5555 ms.
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('we have sent an email', { exact: false }),
  ).toHaveCount(0);
});

test("a failed attempt's toast is gone once the next attempt signs in", async ({ page }) => {
  const email = `e2e-retry-${Date.now()}@example.com`;
  await admin('create-user', '--email', email, '--password', password, '--verified');
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Wrong-password-1!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('No user is found with the provided credentials')).toBeVisible();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByText('No user is found with the provided credentials')).toHaveCount(0);
});

test('onboarding says what is missing and keeps the answers when step two is reopened', async ({
  page,
  context,
}) => {
  const email = `e2e-onboard-${Date.now()}@example.com`;
  await page.goto('/sign-up');
  await signUp(page, { email, firstName: 'Grace', password });
  await page.goto(await mailedLink(email, 'Verify'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding$/);

  await page.getByText('Developer', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'And more precisely?' })).toBeVisible();
  await page.getByText('Building an app', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding\/next$/);
  await page.getByText('Friend or colleague', { exact: true }).click();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Almost there' })).toBeVisible();
  const tab = await context.newPage();
  await tab.goto('/app/onboarding/next');
  await expect(tab.getByRole('heading', { name: 'Almost there' })).toBeVisible();
  await expect(tab.getByLabel('Friend or colleague')).toBeChecked();
  await tab.getByRole('button', { name: 'Finish' }).click();
  await expect(tab).toHaveURL(/\/app\/onboarding-checklist$/);
  const me = (await (await tab.request.get('/v1/user')).json()) as {
    onboarding_survey: Record<string, string>;
  };
  expect(me.onboarding_survey).toMatchObject({
    first_name: 'Grace',
    role: 'Developer',
    subrole: 'Building an app',
  });
});

test('settings: the danger zone is last and the two-factor row has a title', async ({ page }) => {
  const email = `e2e-settings-${Date.now()}@example.com`;
  await admin('create-user', '--email', email, '--password', password, '--verified');
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
  await page.goto('/app/settings');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  const zone = page.getByRole('region', { name: 'Danger zone' });
  await expect(zone.getByRole('button', { name: 'Delete account' })).toBeVisible();
  // The page's last card.
  expect((await page.getByRole('heading', { level: 3 }).allTextContents()).at(-1)).toBe('Danger zone');
  await expect(page.getByRole('button', { name: 'Delete account' })).toHaveCount(1);
});
