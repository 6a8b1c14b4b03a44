import { expect, test } from '@playwright/test';
import { admin } from './admin-cli';
import { mailedLink } from './mail-sink';
import { freshCode, totpUri } from './totp';

const email = `signup-${Date.now()}@example.com`;
const password = 'Sign-up-pass-1!';

test('signs up, follows the mailed link from the SMTP sink, onboards, enrols TOTP and signs back in with a code', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/sign-up$/);

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('First name').fill('Grace');
  // The rules are checked before anything is sent.
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText("Your password doesn't meet our security requirements:")).toBeVisible();
  await expect(page.getByText('Your password must contain a number.')).toBeVisible();

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // Not verified yet: sign-in says so and offers a resend link.
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByText('Your email address has not been verified yet.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Resend email' }).click();
  await expect(
    page.getByText('We have sent you a new email with instructions on how to verify your account.'),
  ).toBeVisible();

  // The server delivered both mails over SMTP; the sink received them. The resent one is followed.
  await mailedLink(email, 'Verify');
  const link = await mailedLink(email, 'Verify', 1);
  expect(new URL(link).pathname).toBe('/action');
  expect(new URL(link).searchParams.get('mode')).toBe('verifyEmail');

  await page.goto(link);
  await expect(page.getByText('Your email address was successfully verified.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The continue address, with the link's internal code appended (accounts.md §2).
  await expect(page).toHaveURL(/\/sign-in(\?|$)/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // A new sign-up goes through onboarding first: two survey steps, then the checklist.
  await expect(page).toHaveURL(/\/app\/onboarding$/);
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  await page.getByText('Developer', { exact: true }).click();
  await page.getByText('Building an app', { exact: true }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding\/next$/);
  await page.getByLabel('Time zone').selectOption('Europe/London');
  await page.getByText('Friend or colleague', { exact: true }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding-checklist$/);
  // Steps of products this build has: text to speech, speech to speech, the voice library, voice design, dubbing, API keys.
  await expect(page.getByText('0 of 6 steps completed')).toBeVisible();
  const user = (await (await page.request.get('/v1/user')).json()) as {
    is_onboarding_completed: boolean;
    onboarding_survey: Record<string, string>;
  };
  expect(user.is_onboarding_completed).toBe(true);
  expect(user.onboarding_survey).toMatchObject({
    first_name: 'Grace',
    role: 'Developer',
    timezone: 'Europe/London',
  });

  // Creating an API key completes its step on the server; the page hears it live and congratulates.
  await page.goto('/app/settings/api-keys');
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByLabel('Name').fill('Laptop');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(
    page.getByText('Congratulations on completing a step in your onboarding checklist.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await page.goto('/app/onboarding-checklist');
  await expect(page.getByText('1 of 6 steps completed')).toBeVisible();

  // The product-updates box was left unticked at sign-up: registered with the location after sign-in.
  await expect(async () => {
    const me = (await (await page.request.get('/v1/user')).json()) as { agrees_to_product_updates: boolean };
    expect(me.agrees_to_product_updates).toBe(false);
  }).toPass();

  // Onboarding is done: home stays home.
  await page.goto('/app/home');
  await expect(page).toHaveURL(/\/app\/home$/);

  // Enrol an authenticator app.
  await page.goto('/app/settings?dialog=add-2fa');
  await page.getByRole('dialog').getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const uri = totpUri(email, (await page.getByTestId('totp-secret').textContent())!.trim());
  await page.getByLabel('Authentication code').fill(freshCode(uri));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('backup-codes').locator('li')).toHaveCount(10);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('two-factor-status')).toBeVisible();

  // Sign out, and back in: the password, then a code from the authenticator.
  await page.getByRole('button', { name: `Account menu for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await page.getByLabel('Authentication code').fill(freshCode(uri));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
});

test('an unknown action-link mode is an error', async ({ page }) => {
  await page.goto('/action?mode=somethingElse&oobCode=x');
  await expect(page.getByText('This link is not valid.', { exact: false })).toBeVisible();
});

test('a suspended account sees the prohibited-use notice with an appeal link', async ({ page }) => {
  const banned = `e2e-banned-${Date.now()}@example.com`;
  await admin('create-user', '--email', banned, '--password', password, '--name', 'Mallory', '--verified');
  await admin('set-account-state', '--email', banned, '--state', 'banned');
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(banned);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByText(
      'Your account has been suspended for violating our prohibited use policy. If you think this is a mistake, you can appeal.',
    ),
  ).toBeVisible();
  // APPEAL_URL is unset in the e2e server: mail to its sender address.
  await expect(page.getByRole('link', { name: 'Appeal' })).toHaveAttribute(
    'href',
    'mailto:mail@vocalis.test?subject=Appeal%20of%20account%20suspension',
  );
  await expect(page).toHaveURL(/\/sign-in$/);
});
